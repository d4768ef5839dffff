import { REJECTION_NOTE_MAX_LENGTH, REJECTION_REASONS, type RejectionReason } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { operators } from "@certavis/i18n-fr/messages/operators";
import { Button } from "@certavis/ui";
import { Dialog, Flex, RadioGroup, Text, TextArea } from "@radix-ui/themes";
import { type KeyboardEvent, useId, useState } from "react";

const t = operators.removeDialog;

/** The reason (keys 1 to 5 pick one) and a note before an operator removes a review. */
export function RemoveDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: RejectionReason, note: string) => void;
}) {
  const [reason, setReason] = useState<RejectionReason | "">("");
  const [note, setNote] = useState("");
  const id = useId();
  const pickByDigit = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLTextAreaElement) return;
    const index = Number(event.key) - 1;
    const code = REJECTION_REASONS[index];
    if (code) {
      event.preventDefault();
      setReason(code);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Content maxWidth="520px" onKeyDown={pickByDigit}>
        <Dialog.Title>{t.title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {t.description}
        </Dialog.Description>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) onConfirm(reason, note);
          }}
        >
          <Flex direction="column" gap="3">
            <div>
              <Text as="p" id={`${id}-reason`} size="2" weight="medium" mb="2">
                {t.reason}
              </Text>
              <RadioGroup.Root
                value={reason}
                onValueChange={(value) => setReason(value as RejectionReason)}
                aria-labelledby={`${id}-reason`}
              >
                {REJECTION_REASONS.map((code, index) => (
                  <RadioGroup.Item key={code} value={code}>
                    {index + 1}. {fr.certification.reasons[code]}
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </div>
            <div className="flex flex-col gap-1">
              <Text as="label" htmlFor={`${id}-note`} size="2" weight="medium">
                {t.note}
              </Text>
              <TextArea
                id={`${id}-note`}
                value={note}
                maxLength={REJECTION_NOTE_MAX_LENGTH}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
            <Flex gap="2" justify="end">
              <Button type="button" variant="outline" onClick={onCancel}>
                {t.cancel}
              </Button>
              <Button type="submit" variant="destructive" disabled={!reason || busy}>
                {t.confirm}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
