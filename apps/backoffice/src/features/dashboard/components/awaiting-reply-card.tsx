import { formatRelativeTime, fr } from "@certavis/i18n-fr";
import { Stars } from "@certavis/ui";
import { Card, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { reviewAbout } from "../../../lib/review-about";
import { ReviewDialog, useAwaitingReply } from "../../reviews";

const t = fr.certification.backoffice;

/** Negative reviews published more than 5 days ago and still without a reply (ISO 20488: 7 days). */
export function AwaitingReplyCard() {
  const awaiting = useAwaitingReply();
  const [openId, setOpenId] = useState<string | null>(null);
  const reviews = awaiting.data ?? [];
  if (!awaiting.isSuccess) return null;
  return (
    <Card size="3" mt="4">
      <Heading as="h2" size="4">
        {t.awaitingReplyTitle}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {t.awaitingReplyDescription}
      </Text>
      {reviews.length === 0 ? (
        <Text size="2" color="gray">
          {t.awaitingReplyEmpty}
        </Text>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-label={t.awaitingReplyTitle}>
          {reviews.map((review) => (
            <li key={review.id}>
              <button
                type="button"
                onClick={() => setOpenId(review.id)}
                className="flex w-full cursor-pointer items-center gap-3 rounded-lg border border-[var(--gray-5)] bg-transparent p-3 text-left text-[var(--gray-12)] hover:bg-[var(--gray-2)] focus-visible:outline-2 focus-visible:outline-[var(--focus-8)]"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-sm">{review.author.name}</span>
                  <span className="block truncate text-[var(--gray-11)] text-xs">
                    {reviewAbout(review)} · {formatRelativeTime(review.createdAt)}
                  </span>
                </span>
                <Stars rating={review.rating} size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ReviewDialog reviews={reviews} openId={openId} onOpenIdChange={setOpenId} />
    </Card>
  );
}
