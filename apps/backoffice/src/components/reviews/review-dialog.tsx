import { displayAnswer, type NormalizedReview } from "@certavis/domain";
import { formatRelativeTime, fr } from "@certavis/i18n-fr";
import { Button, InitialsAvatar, Stars } from "@certavis/ui";
import { Dialog, Flex, Heading, IconButton, Text, VisuallyHidden } from "@radix-ui/themes";
import { useRef } from "react";
import { pending } from "../../lib/strings-pending";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "../icons";
import { afterModeration, neighbours } from "./review-navigation";
import { StatusBadgeMenu } from "./status-badge";
import { useReviewModeration } from "./use-review-moderation";

const t = fr.reviews.detail;

export interface ReviewDialogProps {
  /** The list the dialog navigates through (previous/next, next pending). */
  reviews: readonly NormalizedReview[];
  openId: string | null;
  onOpenIdChange: (id: string | null) => void;
}

/** 'Avis client': the review, its answers, previous/next and moderation (spec §2 dashboard and reviews). */
export function ReviewDialog({ reviews, openId, onOpenIdChange }: ReviewDialogProps) {
  const { moderate, busy } = useReviewModeration();
  // Keep showing the review while the list refreshes without it (e.g. filtered on 'En attente').
  const last = useRef<NormalizedReview | null>(null);
  const found = openId ? reviews.find((r) => r.id === openId) : undefined;
  if (found) last.current = found;
  const review = found ?? (openId && last.current?.id === openId ? last.current : null);
  const nav = review ? neighbours(reviews, review.id) : { index: -1, previous: null, next: null };

  async function onModerate(status: "approved" | "rejected") {
    if (!review) return;
    const snapshot = [...reviews];
    if (!(await moderate(review.id, status))) return;
    const next = afterModeration(snapshot, review.id, status);
    if (next.type === "open") onOpenIdChange(next.id);
    else if (next.type === "close") onOpenIdChange(null);
  }

  return (
    <Dialog.Root open={Boolean(review)} onOpenChange={(open) => (open ? undefined : onOpenIdChange(null))}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        {review ? (
          <Flex direction="column" gap="4">
            <Flex justify="between" align="center">
              <Dialog.Title mb="0">{t.title}</Dialog.Title>
              <Dialog.Close>
                <IconButton variant="ghost" color="gray" aria-label={fr.common.close}>
                  <CloseIcon />
                </IconButton>
              </Dialog.Close>
            </Flex>

            <Flex gap="3" align="center">
              <InitialsAvatar name={review.author.name} size={44} />
              <div className="min-w-0 flex-1">
                <Text as="p" weight="bold">
                  {review.author.name}
                </Text>
                <Text as="p" size="2" color="gray">
                  {formatRelativeTime(review.createdAt)}
                </Text>
              </div>
              <StatusBadgeMenu
                status={review.status}
                verified={review.verified}
                busy={busy}
                onChange={(status) => void onModerate(status)}
              />
            </Flex>

            <Flex gap="3" align="center" className="rounded-lg bg-[var(--gray-2)] p-3">
              {review.productImage ? (
                <img
                  src={review.productImage}
                  alt={review.productName}
                  className="size-14 shrink-0 rounded-md object-cover"
                />
              ) : null}
              <div className="min-w-0">
                <Text as="p" size="1" color="gray">
                  {t.product}
                </Text>
                <Text as="p" weight="medium" className="truncate">
                  {review.productName}
                </Text>
              </div>
              <Flex direction="column" align="end" ml="auto" gap="1">
                <Stars rating={review.rating} size={18} />
                <Text size="2" weight="bold">
                  {fr.common.outOfFive(String(Math.round(review.rating * 100) / 100).replace(".", ","))}
                </Text>
              </Flex>
            </Flex>

            {review.title ? (
              <Heading as="h3" size="3">
                {review.title}
              </Heading>
            ) : null}
            {review.comment ? (
              <Text as="p" className="whitespace-pre-line">
                {review.comment}
              </Text>
            ) : null}

            <section aria-label={t.answers}>
              <Text as="p" weight="bold" mb="2">
                {t.answers}
              </Text>
              {review.fields.length === 0 ? (
                <Text size="2" color="gray">
                  {t.noAnswers}
                </Text>
              ) : (
                <dl className="m-0 grid grid-cols-1 gap-2">
                  {review.fields.map((field) => (
                    <div key={field.id} className="rounded-md border border-[var(--gray-5)] p-2">
                      <dt className="text-[var(--gray-11)] text-xs">{field.label}</dt>
                      <dd className="m-0 whitespace-pre-line text-sm">
                        {displayAnswer(field.type, field.value)}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>

            {review.status === "pending" ? (
              <Flex gap="2" justify="end">
                <Button variant="destructive" disabled={busy} onClick={() => void onModerate("rejected")}>
                  {t.reject}
                </Button>
                <Button variant="success" disabled={busy} onClick={() => void onModerate("approved")}>
                  {t.approve}
                </Button>
              </Flex>
            ) : null}

            <Flex justify="between" align="center" pt="2" className="border-[var(--gray-5)] border-t">
              <Button
                variant="ghost"
                disabled={!nav.previous}
                onClick={() => nav.previous && onOpenIdChange(nav.previous)}
              >
                <ChevronLeftIcon /> {t.previous}
              </Button>
              <Text size="2" color="gray" aria-live="polite">
                {nav.index >= 0 ? pending.reviews.position(nav.index + 1, reviews.length) : null}
                <VisuallyHidden>{review.author.name}</VisuallyHidden>
              </Text>
              <Button
                variant="ghost"
                disabled={!nav.next}
                onClick={() => nav.next && onOpenIdChange(nav.next)}
              >
                {t.next} <ChevronRightIcon />
              </Button>
            </Flex>
          </Flex>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
