import type { LimitReduction } from "@certavis/domain";
import { fr } from "../catalog";
import { formatInteger } from "../format/number";

/** One line of what a lower plan takes away: 'Produits : illimité → 50'. */
export function limitReductionLabel(reduction: LimitReduction): string {
  const t = fr.settings.subscription.planChange;
  switch (reduction.key) {
    case "uploads":
      return `${t.limits.uploads} : ${t.uploadsOff}`;
    case "iframe_scope":
      return t.change(t.iframeScope, t.scopes[reduction.from], t.scopes[reduction.to]);
    default:
      return t.change(
        t.limits[reduction.key],
        reduction.from === null ? t.unlimited : formatInteger(reduction.from),
        formatInteger(reduction.to),
      );
  }
}
