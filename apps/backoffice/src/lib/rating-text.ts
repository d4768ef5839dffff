import { fr } from "@certavis/i18n-fr";
import { clampRating } from "@certavis/ui";

const ratingFormat = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });

/** '4,5/5': the rating (0–5, two decimals at most) out of five. */
export const ratingText = (rating: number) => fr.common.outOfFive(ratingFormat.format(clampRating(rating)));
