import { fr } from "@certavis/i18n-fr";
import { PlanLimitCallout } from "../../../components/plan-limit-callout";

const t = fr.forms.editor;

/** LANCEMENT: no custom form (spec §9), explained rather than a bare error. */
export const FormPlanLimit = () => (
  <PlanLimitCallout title={t.planLimitTitle} text={t.planLimit} linkLabel={t.upgrade} />
);
