import type { NormalizedReview } from "@certavis/domain";
import { formatDate, fr } from "@certavis/i18n-fr";
import { Text } from "@radix-ui/themes";

const texts = fr.certification.backoffice;

/** What the review's status means for it: when it publishes itself, why it was rejected, or that it is read-only. */
export function ReviewStatusNote({ review }: { review: NormalizedReview }) {
  if (review.status === "pending" && review.autoPublishAt)
    return (
      <Text as="p" size="2" color="gray">
        {texts.autoPublishOn(formatDate(review.autoPublishAt))}
      </Text>
    );
  if (review.status === "rejected" && review.rejectionReason)
    return (
      <Text as="p" size="2" color="red">
        {texts.rejectedFor(fr.certification.reasons[review.rejectionReason])}
        {review.rejectionNote ? ` — ${review.rejectionNote}` : ""}
      </Text>
    );
  if (review.status === "withdrawn" || review.status === "expired")
    return (
      <Text as="p" size="2" color="gray">
        {review.erasedAt
          ? texts.erasedReadOnly
          : review.status === "withdrawn"
            ? texts.readOnly
            : texts.expiredReadOnly}
      </Text>
    );
  return null;
}
