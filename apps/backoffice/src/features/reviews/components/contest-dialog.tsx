import { errorMessage } from "@certavis/api-client";
import { CONTEST_EXPLANATION_MAX_LENGTH } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { moderation as frModeration } from "@certavis/i18n-fr/messages/moderation";
import { Button } from "@certavis/ui";
import { useState } from "react";
import { ReasonDialog } from "../../../components/reason-dialog";
import { toast } from "../../../lib/toast/toast-store";
import { useContestReview } from "../api/contest-review";

const t = frModeration.contest;

/**
 * 'Contester cet avis' (Certavis mode): a reason of the removal rules and an explanation, for a
 * Certavis operator; the review stays published meanwhile.
 */
export function ContestDialog({ reviewId }: { reviewId: string }) {
  const [open, setOpen] = useState(false);
  const contest = useContestReview();
  return (
    <ReasonDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline">
          {t.action}
        </Button>
      }
      title={t.title}
      description={t.description}
      reasons={{ label: t.reasonLabel }}
      note={{ label: t.explanationLabel, maxLength: CONTEST_EXPLANATION_MAX_LENGTH, required: true }}
      cancelLabel={frModeration.report.cancel}
      confirmLabel={t.send}
      busy={contest.isPending}
      onConfirm={({ reason, note }) => {
        if (!reason) return;
        contest.mutate(
          { id: reviewId, contest: { reason, explanation: note.trim() } },
          {
            onSuccess: () => {
              toast({ title: t.sent, variant: "success" });
              setOpen(false);
            },
            onError: (error) =>
              toast({ title: fr.errors.title, description: errorMessage(error, t.error), variant: "error" }),
          },
        );
      }}
    />
  );
}
