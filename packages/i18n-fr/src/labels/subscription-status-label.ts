import { isSubscriptionStatus } from "@certavis/domain";
import { fr } from "../catalog";
import { DASH } from "../format/dash";

/** French label of a subscription status; unknown values are shown as given, missing ones as '—'. */
export function subscriptionStatusLabel(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") return DASH;
  const lowered = value.trim().toLowerCase();
  return isSubscriptionStatus(lowered) ? fr.statuses.subscription[lowered] : value;
}
