import { fr } from "@certavis/i18n-fr";
import { PlanLimitCallout } from "../../../components/plan-limit-callout";

const t = fr.templates.editor;

/** LANCEMENT: no custom template (spec §9), explained rather than a bare error. */
export const TemplatePlanLimit = () => (
  <PlanLimitCallout title={t.planLimitTitle} text={t.planLimit} linkLabel={t.upgrade} />
);
