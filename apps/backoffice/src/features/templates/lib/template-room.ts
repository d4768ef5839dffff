import type { Company } from "../../../lib/api/get-company";
import type { EmailTemplate } from "../api/get-templates";

/** Spec §9: custom (non-default) templates count against the plan's limit (LANCEMENT: 0). */
export function templateRoom(templates: readonly EmailTemplate[] | undefined, company: Company | undefined) {
  const limit = company?.subscription_limits?.max_templates;
  if (limit === undefined || limit === null || !templates) return { canCreate: true, limit: null };
  const custom = templates.filter((template) => !template.is_default).length;
  return { canCreate: custom < limit, limit };
}
