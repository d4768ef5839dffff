import { isModerable, type NormalizedReview } from "@certavis/domain";
import { formatDate, fr } from "@certavis/i18n-fr";
import { Button, Stars } from "@certavis/ui";
import { Dialog, Flex, IconButton, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "../../../components/icons";
import { ReviewAuthor } from "../../../components/review-author";
import { StatusBadge, StatusBadgeMenu } from "../../../components/review-status-badge";
import { ReviewText } from "../../../components/review-text";
import { ratingText } from "../../../lib/rating-text";
import type { Rejection } from "../api/update-review-status";
import { useReviewModeration } from "../api/use-review-moderation";
import { afterModeration, neighbours } from "../lib/review-navigation";
import { RejectDialog } from "./reject-dialog";
import { ReportDoubtDialog } from "./report-doubt-dialog";
import { ReviewHistory } from "./review-history";
import { ReviewReplyEditor } from "./review-reply-editor";

const t = fr.reviews.detail;

export interface ReviewDialogProps {
  /** The list the dialog navigates through (previous/next, next pending). */
  reviews: readonly NormalizedReview[];
  openId: string | null;
  onOpenIdChange: (id: string | null) => void;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * 'Avis client' (spec §2 dashboard and reviews): the review and its answers, previous/next (also with the
 * arrow keys) and moderation — after it, the next pending review; none left after an approval: closed.
 */
export function ReviewDialog({ reviews, openId, onOpenIdChange }: ReviewDialogProps) {
  const { moderate, busy } = useReviewModeration();
  // Keep showing the review while the list refreshes without it (e.g. filtered on 'En attente').
  const last = useRef<NormalizedReview | null>(null);
  const found = openId ? reviews.find((r) => r.id === openId) : undefined;
  if (found) last.current = found;
  const review = found ?? (openId && last.current?.id === openId ? last.current : null);
  const nav = review ? neighbours(reviews, review.id) : { index: -1, previous: null, next: null };

  const [rejecting, setRejecting] = useState(false);

  async function onModerate(status: "approved" | "rejected", rejection?: Rejection) {
    if (!review) return;
    // A rejection names its reason: the dialog asks for it first.
    if (status === "rejected" && !rejection) {
      setRejecting(true);
      return;
    }
    const snapshot = [...reviews];
    if (!(await moderate(review.id, status, rejection))) return;
    setRejecting(false);
    const next = afterModeration(snapshot, review.id, status);
    if (next.type === "open") onOpenIdChange(next.id);
    else if (next.type === "close") onOpenIdChange(null);
  }

  // Arrow keys go to the previous/next review: from inside the dialog, or from nowhere (the focused
  // button at an end of the list got disabled); never from a menu or a field.
  const content = useRef<HTMLDivElement>(null);
  const previousId = nav.previous;
  const nextId = nav.next;
  useEffect(() => {
    if (!openId) return;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as Node | null;
      const inside = target === document.body || (target !== null && content.current?.contains(target));
      if (!inside || typing(target)) return;
      const to = event.key === "ArrowLeft" ? previousId : event.key === "ArrowRight" ? nextId : null;
      if (!to) return;
      event.preventDefault();
      onOpenIdChange(to);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [openId, previousId, nextId, onOpenIdChange]);

  return (
    <Dialog.Root open={Boolean(review)} onOpenChange={(open) => (open ? undefined : onOpenIdChange(null))}>
      <Dialog.Content ref={content} maxWidth="560px" aria-describedby={undefined}>
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

            <ReviewAuthor
              review={review}
              avatarSize={44}
              status={
                // Moderation is one-way: a moderated review shows its status, no control to change it.
                isModerable(review.status) ? (
                  <StatusBadgeMenu
                    status={review.status}
                    verified={review.verified}
                    busy={busy}
                    onChange={(status) => void onModerate(status)}
                  />
                ) : (
                  <StatusBadge status={review.status} verified={review.verified} />
                )
              }
            />

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
                <Text size="1" color="gray" aria-hidden="true">
                  {t.rating}
                </Text>
                <Stars rating={review.rating} size={18} />
                <Text size="2" weight="bold" aria-hidden="true">
                  {ratingText(review.rating)}
                </Text>
              </Flex>
            </Flex>

            <ReviewText review={review} />

            {review.status === "pending" && review.autoPublishAt ? (
              <Text as="p" size="2" color="gray">
                {fr.certification.backoffice.autoPublishOn(formatDate(review.autoPublishAt))}
              </Text>
            ) : null}
            {review.status === "rejected" && review.rejectionReason ? (
              <Text as="p" size="2" color="red">
                {fr.certification.backoffice.rejectedFor(fr.certification.reasons[review.rejectionReason])}
                {review.rejectionNote ? ` — ${review.rejectionNote}` : ""}
              </Text>
            ) : null}
            {review.status === "withdrawn" || review.status === "expired" ? (
              <Text as="p" size="2" color="gray">
                {review.erasedAt
                  ? fr.certification.backoffice.erasedReadOnly
                  : review.status === "withdrawn"
                    ? fr.certification.backoffice.readOnly
                    : fr.certification.backoffice.expiredReadOnly}
              </Text>
            ) : null}
            {review.status === "approved" ? (
              <ReviewReplyEditor key={review.id} reviewId={review.id} reply={review.reply?.body ?? null} />
            ) : null}

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

            <Flex justify="start">
              <ReportDoubtDialog key={review.id} reviewId={review.id} />
            </Flex>
            <ReviewHistory reviewId={review.id} />

            <Flex
              justify="between"
              align="center"
              wrap="wrap"
              gap="2"
              pt="2"
              className="border-[var(--gray-5)] border-t"
            >
              <Button
                variant="ghost"
                disabled={!nav.previous}
                onClick={() => nav.previous && onOpenIdChange(nav.previous)}
              >
                <ChevronLeftIcon /> {t.previous}
              </Button>
              <Text size="2" color="gray" aria-live="polite">
                {nav.index >= 0 ? t.position(nav.index + 1, reviews.length) : null}
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
        <RejectDialog
          key={review?.id ?? "none"}
          open={rejecting && Boolean(review)}
          busy={busy}
          onCancel={() => setRejecting(false)}
          onConfirm={(rejection) => void onModerate("rejected", rejection)}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
