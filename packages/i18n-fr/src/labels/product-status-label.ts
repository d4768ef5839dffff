import { normalizeProductStatus } from "@certavis/domain";
import { fr } from "../catalog";

/** French label of a product status ('published' reads as active, anything unknown as draft). */
export function productStatusLabel(value: unknown): string {
  return fr.statuses.product[normalizeProductStatus(value)];
}
