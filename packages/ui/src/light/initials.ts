/**
 * Initials of a display name: the first letter of each of its first two words, upper-cased
 * ('Marie Dupont' → 'MD', 'Client' → 'C'). Same rule as `initialsOf` of @certavis/domain (a test
 * keeps them equal); copied rather than imported so that the light entry never pulls the domain
 * package (and zod) into the widget and review-form bundles.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return words
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toUpperCase();
}
