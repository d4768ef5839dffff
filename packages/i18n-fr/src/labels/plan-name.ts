import { normalizePlanType } from "@certavis/domain";
import { fr } from "../catalog";
import { DASH } from "../format/dash";

/** Name of a plan type ('Croissance'); '—' when unknown. */
export function planName(type: unknown): string {
  const plan = normalizePlanType(type);
  return plan ? fr.plans[plan].name : DASH;
}
