import type { NormalizedReview } from "@certavis/domain";
import { moderation as frModeration } from "@certavis/i18n-fr/messages/moderation";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { ContestDialog } from "./contest-dialog";

const m = frModeration;

/**
 * Certavis mode (ARCHITECTURE §10.19): no approve or reject control; a pending review says it waits
 * for an operator and what the automatic checks found; a published one may be contested once at a time.
 */
export function ModerationStatus({ review }: { review: NormalizedReview }) {
  const contest = review.contest;
  return (
    <Flex direction="column" gap="2">
      {review.status === "pending" ? (
        <Callout.Root color="amber" size="1">
          <Callout.Text>{m.awaitingOperator}</Callout.Text>
        </Callout.Root>
      ) : null}
      {review.checkFlags?.length ? (
        <div>
          <Text as="p" size="2" weight="medium">
            {m.flagsTitle}
          </Text>
          <ul className="m-0 pl-5">
            {review.checkFlags.map((flag) => (
              <li key={flag.kind}>
                <Text size="2">{`${m.flags[flag.kind]} : ${flag.match}`}</Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.removedAt ? <Text size="2">{m.removedByCertavis}</Text> : null}
      {contest ? (
        <Text size="2" color="gray">
          {contest.status === "open"
            ? m.contest.open
            : contest.outcome === "removed"
              ? m.contest.removed
              : m.contest.kept}
        </Text>
      ) : null}
      {review.status === "approved" && contest?.status !== "open" ? (
        <Flex justify="start">
          <ContestDialog key={review.id} reviewId={review.id} />
        </Flex>
      ) : null}
    </Flex>
  );
}
