import type { FieldType } from "@certavis/domain";
import { fr } from "../catalog";

/** Palette label of a field type; an unknown type is shown as given. */
export function fieldTypeLabel(type: string): string {
  return fr.forms.fieldTypes[type as FieldType] ?? type;
}
