import { normalizeRole } from "@certavis/domain";
import { fr } from "../catalog";
import { DASH } from "../format/dash";

/** French label of a role; unknown values are returned as given (or '—' when empty). */
export function roleLabel(value: unknown): string {
  const role = normalizeRole(value);
  if (role) return fr.roles[role];
  return typeof value === "string" && value.trim() !== "" ? value : DASH;
}
