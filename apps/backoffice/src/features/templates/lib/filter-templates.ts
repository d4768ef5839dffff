import { foldText } from "../../../lib/fold-text";
import type { EmailTemplate } from "../api/get-templates";

/** Spec §2: the search matches the name or the subject (case- and accent-insensitive). */
export function filterTemplates(templates: readonly EmailTemplate[], search: string): EmailTemplate[] {
  const needle = foldText(search.trim());
  if (!needle) return [...templates];
  return templates.filter((t) => foldText(t.name).includes(needle) || foldText(t.subject).includes(needle));
}
