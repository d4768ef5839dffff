import { errorMessage } from "@certavis/api-client";
import { REPORT_REASON_MAX_LENGTH } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { useState } from "react";
import { ReasonDialog } from "../../../components/reason-dialog";
import { toast } from "../../../lib/toast/toast-store";
import { useReportReview } from "../api/report-review";

const t = fr.certification.backoffice;

/** 'Signaler un doute': asks for the reason (required), then logs it in the review's trail. */
export function ReportDoubtDialog({ reviewId }: { reviewId: string }) {
  const [open, setOpen] = useState(false);
  const report = useReportReview();
  return (
    <ReasonDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline">
          {t.reportDoubt}
        </Button>
      }
      title={t.reportDoubt}
      description={t.reportDescription}
      note={{
        label: t.reportReasonLabel,
        maxLength: REPORT_REASON_MAX_LENGTH,
        required: true,
        missing: fr.certification.errors.reportRequired,
      }}
      cancelLabel={t.cancel}
      confirmLabel={t.reportConfirm}
      busy={report.isPending}
      onConfirm={({ note }) =>
        report.mutate(
          { id: reviewId, reason: note.trim() },
          {
            onSuccess: () => {
              toast({ title: fr.certification.events.reported, variant: "success" });
              setOpen(false);
            },
            onError: (error) =>
              toast({
                title: fr.errors.title,
                description: errorMessage(error, t.reportError),
                variant: "error",
              }),
          },
        )
      }
    />
  );
}
