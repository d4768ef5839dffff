import { isRejectionReason } from "@certavis/domain";
import { formatDateTime, fr } from "@certavis/i18n-fr";
import { Text } from "@radix-ui/themes";
import { useReviewHistory } from "../api/get-review-history";

const t = fr.certification;

/** The review's moderation trail: when, what, by whom, why. */
export function ReviewHistory({ reviewId }: { reviewId: string }) {
  const history = useReviewHistory(reviewId);
  const events = history.data?.results ?? [];
  return (
    <section aria-label={t.backoffice.historyTitle}>
      <Text as="p" size="2" weight="medium" mb="1">
        {t.backoffice.historyTitle}
      </Text>
      {history.isSuccess && events.length === 0 ? (
        <Text size="2" color="gray">
          {t.backoffice.historyEmpty}
        </Text>
      ) : (
        <ol className="m-0 flex list-none flex-col gap-1 p-0">
          {events.map((event) => {
            const by =
              event.actor === "user"
                ? event.actor_name
                : event.actor === "author"
                  ? t.actors.author
                  : event.actor === "operator"
                    ? t.actors.operator
                    : t.actors.system;
            const why = isRejectionReason(event.reason)
              ? t.reasons[event.reason]
              : event.kind === "reported"
                ? event.reason
                : null;
            return (
              <li key={event.id}>
                <Text size="2">
                  <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time> —{" "}
                  {t.events[event.kind]}
                  {by ? ` (${by})` : ""}
                  {why ? ` : ${why}` : ""}
                </Text>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
