import type { Company } from "../../../lib/api/get-company";
import type { ReviewForm } from "../api/get-forms";

/** Spec §9: custom (non-default) forms count against the plan's limit (LANCEMENT: 0). */
export function formRoom(forms: readonly ReviewForm[] | undefined, company: Company | undefined) {
  const limit = company?.subscription_limits?.max_forms;
  const uploads = company?.subscription_limits?.uploads ?? true;
  if (limit === undefined || limit === null || !forms) return { canCreate: true, uploads };
  return { canCreate: forms.filter((form) => !form.is_default).length < limit, uploads };
}
