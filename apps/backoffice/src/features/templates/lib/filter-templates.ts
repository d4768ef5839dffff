import type { EmailTemplate } from "../api/get-templates";

/** Spec §2: the search matches the name or the subject (case- and accent-insensitive). */
export function filterTemplates(templates: readonly EmailTemplate[], search: string): EmailTemplate[] {
  const needle = fold(search.trim());
  if (!needle) return [...templates];
  return templates.filter((t) => fold(t.name).includes(needle) || fold(t.subject).includes(needle));
}

export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}
