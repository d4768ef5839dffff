import { errorMessage } from "@certavis/api-client";
import { CONTEST_EXPLANATION_MAX_LENGTH, REJECTION_REASONS, type RejectionReason } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { moderation as frModeration } from "@certavis/i18n-fr/messages/moderation";
import { Button } from "@certavis/ui";
import { Dialog, Flex, RadioGroup, Text, TextArea } from "@radix-ui/themes";
import { useId, useState } from "react";
import { toast } from "../../../lib/toast/toast-store";
import { useContestReview } from "../api/contest-review";

const t = frModeration.contest;

/**
 * 'Contester cet avis' (Certavis mode): a reason of the removal rules and an explanation, for a
 * Certavis operator; the review stays published meanwhile.
 */
export function ContestDialog({ reviewId }: { reviewId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<RejectionReason | "">("");
  const [explanation, setExplanation] = useState("");
  const contest = useContestReview();
  const id = useId();

  function close() {
    setOpen(false);
    setReason("");
    setExplanation("");
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Dialog.Trigger>
        <Button type="button" variant="outline">
          {t.action}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{t.title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {t.description}
        </Dialog.Description>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason || !explanation.trim()) return;
            contest.mutate(
              { id: reviewId, contest: { reason, explanation: explanation.trim() } },
              {
                onSuccess: () => {
                  toast({ title: t.sent, variant: "success" });
                  close();
                },
                onError: (error) =>
                  toast({
                    title: fr.errors.title,
                    description: errorMessage(error, t.error),
                    variant: "error",
                  }),
              },
            );
          }}
        >
          <Flex direction="column" gap="3">
            <div>
              <Text as="p" id={`${id}-reason`} size="2" weight="medium" mb="2">
                {t.reasonLabel}
              </Text>
              <RadioGroup.Root
                value={reason}
                onValueChange={(value) => setReason(value as RejectionReason)}
                aria-labelledby={`${id}-reason`}
              >
                {REJECTION_REASONS.map((code) => (
                  <RadioGroup.Item key={code} value={code}>
                    {fr.certification.reasons[code]}
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </div>
            <div className="flex flex-col gap-1">
              <Text as="label" htmlFor={`${id}-explanation`} size="2" weight="medium">
                {t.explanationLabel}
              </Text>
              <TextArea
                id={`${id}-explanation`}
                value={explanation}
                required
                maxLength={CONTEST_EXPLANATION_MAX_LENGTH}
                onChange={(event) => setExplanation(event.target.value)}
              />
            </div>
            <Flex gap="2" justify="end">
              <Button type="button" variant="outline" onClick={close}>
                {frModeration.report.cancel}
              </Button>
              <Button
                type="submit"
                disabled={!reason || !explanation.trim() || contest.isPending}
                loading={contest.isPending}
              >
                {t.send}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
