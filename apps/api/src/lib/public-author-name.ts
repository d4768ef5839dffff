/** "Léa B.": first name and initial of the last name (the public pages, the widget, the feeds). */
export function publicAuthorName(first: string, last: string): string {
  const initial = last.trim().charAt(0);
  return [first.trim(), initial ? `${initial.toUpperCase()}.` : ""].filter(Boolean).join(" ") || "Client";
}
