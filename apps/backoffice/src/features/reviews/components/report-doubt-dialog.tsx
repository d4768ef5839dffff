import { errorMessage } from "@certavis/api-client";
import { REPORT_REASON_MAX_LENGTH } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
import { useId, useState } from "react";
import { toast } from "../../../lib/toast/toast-store";
import { useReportReview } from "../api/report-review";

const t = fr.certification.backoffice;

/** 'Signaler un doute': asks for the reason (required), then logs it in the review's trail. */
export function ReportDoubtDialog({ reviewId }: { reviewId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const report = useReportReview();
  const id = useId();

  function close() {
    setOpen(false);
    setReason("");
    setMissing(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Dialog.Trigger>
        <Button type="button" variant="outline">
          {t.reportDoubt}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{t.reportDoubt}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {t.reportDescription}
        </Dialog.Description>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setMissing(true);
              return;
            }
            report.mutate(
              { id: reviewId, reason: reason.trim() },
              {
                onSuccess: () => {
                  toast({ title: fr.certification.events.reported, variant: "success" });
                  close();
                },
                onError: (error) =>
                  toast({
                    title: fr.errors.title,
                    description: errorMessage(error, t.reportError),
                    variant: "error",
                  }),
              },
            );
          }}
        >
          <Flex direction="column" gap="3">
            <div className="flex flex-col gap-1">
              <Text as="label" htmlFor={`${id}-reason`} size="2" weight="medium">
                {t.reportReasonLabel}
              </Text>
              <TextArea
                id={`${id}-reason`}
                value={reason}
                required
                maxLength={REPORT_REASON_MAX_LENGTH}
                aria-invalid={missing}
                aria-describedby={missing ? `${id}-error` : undefined}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (event.target.value.trim()) setMissing(false);
                }}
              />
              {missing ? (
                <Text id={`${id}-error`} size="2" color="red" role="alert">
                  {fr.certification.errors.reportRequired}
                </Text>
              ) : null}
            </div>
            <Flex gap="2" justify="end">
              <Button type="button" variant="outline" onClick={close}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={report.isPending} loading={report.isPending}>
                {t.reportConfirm}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
