import type { NormalizedReview } from "@certavis/domain";
import { Heading, Text } from "@radix-ui/themes";
import { ReviewAnswers } from "./review-answers";

/** A review's title, its comment (once: not again when a form answer holds it) and its answers. */
export function ReviewText({ review }: { review: NormalizedReview }) {
  const commentInAnswers = review.fields.some((f) => f.value === review.comment);
  return (
    <>
      {review.title ? (
        <Heading as="h3" size="3">
          {review.title}
        </Heading>
      ) : null}
      {review.comment && !commentInAnswers ? (
        <Text as="p" className="whitespace-pre-line">
          {review.comment}
        </Text>
      ) : null}
      <ReviewAnswers fields={review.fields} />
    </>
  );
}
