import { isModerable, type NormalizedReview, REJECTION_NOTE_MAX_LENGTH } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex, IconButton } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { CloseIcon } from "../../../components/icons";
import { ReasonDialog } from "../../../components/reason-dialog";
import { ReviewAuthor } from "../../../components/review-author";
import { StatusBadge, StatusBadgeMenu } from "../../../components/review-status-badge";
import { ReviewText } from "../../../components/review-text";
import { useCompany } from "../../../lib/api/get-company";
import type { Rejection } from "../api/update-review-status";
import { useReviewModeration } from "../api/use-review-moderation";
import { afterModeration, neighbours } from "../lib/review-navigation";
import { useReviewArrowKeys } from "../lib/use-review-arrow-keys";
import { ModerationStatus } from "./moderation-status";
import { ReportDoubtDialog } from "./report-doubt-dialog";
import { ReviewHistory } from "./review-history";
import { ReviewNavigationBar } from "./review-navigation-bar";
import { ReviewProductSummary } from "./review-product-summary";
import { ReviewReplyEditor } from "./review-reply-editor";
import { ReviewStatusNote } from "./review-status-note";

const t = fr.reviews.detail;
const tc = fr.certification.backoffice;

export interface ReviewDialogProps {
  /** The list the dialog navigates through (previous/next, next pending). */
  reviews: readonly NormalizedReview[];
  openId: string | null;
  onOpenIdChange: (id: string | null) => void;
}

/**
 * 'Avis client' (spec §2 dashboard and reviews): the review and its answers, previous/next (also with the
 * arrow keys) and moderation — after it, the next pending review; none left after an approval: closed.
 */
export function ReviewDialog({ reviews, openId, onOpenIdChange }: ReviewDialogProps) {
  const { moderate, busy } = useReviewModeration();
  // Certavis mode: operators decide; the shop sees, replies and contests (ARCHITECTURE §10.19).
  const certavis = useCompany().data?.moderation.mode === "certavis";
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

  const content = useRef<HTMLDivElement>(null);
  useReviewArrowKeys({ content, openId, previousId: nav.previous, nextId: nav.next, onOpenIdChange });

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
                isModerable(review.status) && !certavis ? (
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

            <ReviewProductSummary review={review} />

            <ReviewText review={review} />

            <ReviewStatusNote review={review} />
            {certavis ? <ModerationStatus review={review} /> : null}
            {review.status === "approved" ? (
              <ReviewReplyEditor key={review.id} reviewId={review.id} reply={review.reply?.body ?? null} />
            ) : null}

            {review.status === "pending" && !certavis ? (
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

            <ReviewNavigationBar
              index={nav.index}
              count={reviews.length}
              previousId={nav.previous}
              nextId={nav.next}
              onOpen={onOpenIdChange}
            />
          </Flex>
        ) : null}
        {/* Why it is rejected: a reason of the fixed list, an optional note (e-mailed to the author). */}
        <ReasonDialog
          key={review?.id ?? "none"}
          open={rejecting && Boolean(review)}
          onOpenChange={(next) => {
            if (!next) setRejecting(false);
          }}
          title={tc.rejectTitle}
          description={tc.rejectDescription}
          reasons={{ label: tc.reasonLabel }}
          note={{ label: tc.noteLabel, hint: tc.noteHint, maxLength: REJECTION_NOTE_MAX_LENGTH }}
          cancelLabel={tc.cancel}
          confirmLabel={tc.confirmReject}
          destructive
          busy={busy}
          onConfirm={({ reason, note }) => {
            if (reason) void onModerate("rejected", { reason, note });
          }}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
