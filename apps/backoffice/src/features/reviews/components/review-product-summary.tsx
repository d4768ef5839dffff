import type { NormalizedReview } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Stars } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { ratingText } from "../../../lib/rating-text";
import { reviewAbout } from "../../../lib/review-about";

const t = fr.reviews.detail;

/** The reviewed product (its image and name) and the review's rating. */
export function ReviewProductSummary({ review }: { review: NormalizedReview }) {
  return (
    <Flex gap="3" align="center" className="rounded-lg bg-[var(--gray-2)] p-3">
      {review.productImage ? (
        <img
          src={review.productImage}
          alt={review.productName}
          className="size-14 shrink-0 rounded-md object-cover"
        />
      ) : null}
      <div className="min-w-0">
        {review.subject === "store" ? null : (
          <Text as="p" size="1" color="gray">
            {t.product}
          </Text>
        )}
        <Text as="p" weight="medium" className="truncate">
          {reviewAbout(review)}
        </Text>
      </div>
      <Flex direction="column" align="end" ml="auto" gap="1">
        <Text size="1" color="gray" aria-hidden="true">
          {t.rating}
        </Text>
        <Stars rating={review.rating} size={18} />
        <Text size="2" weight="bold" aria-hidden="true">
          {ratingText(review.rating)}
        </Text>
      </Flex>
    </Flex>
  );
}
