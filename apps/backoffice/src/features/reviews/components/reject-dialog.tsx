import { REJECTION_NOTE_MAX_LENGTH, REJECTION_REASONS, type RejectionReason } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex, RadioGroup, Text, TextArea } from "@radix-ui/themes";
import { useId, useState } from "react";
import type { Rejection } from "../api/update-review-status";

const t = fr.certification.backoffice;

/** Asks why a review is rejected (a reason of the fixed list, an optional note) before rejecting it. */
export function RejectDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (rejection: Rejection) => void;
}) {
  const [reason, setReason] = useState<RejectionReason | "">("");
  const [note, setNote] = useState("");
  const id = useId();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{t.rejectTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {t.rejectDescription}
        </Dialog.Description>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) onConfirm({ reason, note });
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
              <Text as="label" htmlFor={`${id}-note`} size="2" weight="medium">
                {t.noteLabel}
              </Text>
              <TextArea
                id={`${id}-note`}
                aria-describedby={`${id}-note-hint`}
                value={note}
                maxLength={REJECTION_NOTE_MAX_LENGTH}
                onChange={(event) => setNote(event.target.value)}
              />
              <Text id={`${id}-note-hint`} size="1" color="gray">
                {t.noteHint}
              </Text>
            </div>
            <Flex gap="2" justify="end">
              <Button type="button" variant="outline" onClick={onCancel}>
                {t.cancel}
              </Button>
              <Button type="submit" variant="destructive" disabled={!reason || busy}>
                {t.confirmReject}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
