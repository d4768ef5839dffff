import type { NormalizedReview } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";

/** What a review is about, where its product's name shows: the product, or 'Avis sur la boutique'. */
export function reviewAbout(review: Pick<NormalizedReview, "subject" | "productName">): string {
  return review.subject === "store" ? fr.reviews.storeReview : review.productName;
}
