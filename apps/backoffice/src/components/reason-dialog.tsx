import { REJECTION_REASONS, type RejectionReason } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex, RadioGroup, Text, TextArea } from "@radix-ui/themes";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";

export interface ReasonChoice {
  /** The reason picked from the fixed list (null when the dialog asks for none). */
  reason: RejectionReason | null;
  /** The note as typed. */
  note: string;
}

/**
 * A reason from the fixed list of the removal rules (`REJECTION_REASONS`) and a note, asked before a
 * decision on a review: the shop's rejection, its contest, its doubt report, an operator's removal. Its
 * state is cleared whenever it closes.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  reasons,
  note,
  cancelLabel,
  confirmLabel,
  destructive = false,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when the dialog holds it. */
  trigger?: ReactNode;
  title: string;
  description: string;
  /** The list's legend; absent, no list (only the note). `numbered`: '1.'…'5.' and keys 1 to 5 pick one. */
  reasons?: { label: string; numbered?: boolean };
  note: {
    label: string;
    hint?: string;
    maxLength: number;
    /** Required: 'confirm' stays disabled while it is blank, or with `missing`, says so on confirming. */
    required?: boolean;
    missing?: string;
  };
  cancelLabel: string;
  confirmLabel: string;
  destructive?: boolean;
  busy: boolean;
  onConfirm: (choice: ReasonChoice) => void;
}) {
  const [reason, setReason] = useState<RejectionReason | "">("");
  const [text, setText] = useState("");
  const [showMissing, setShowMissing] = useState(false);
  const id = useId();
  useEffect(() => {
    if (open) return;
    setReason("");
    setText("");
    setShowMissing(false);
  }, [open]);

  const blank = note.required && !text.trim();
  const incomplete = (reasons && !reason) || (blank && !note.missing);
  const pickByDigit = (event: KeyboardEvent) => {
    if (!reasons?.numbered || event.target instanceof HTMLTextAreaElement) return;
    const code = REJECTION_REASONS[Number(event.key) - 1];
    if (code) {
      event.preventDefault();
      setReason(code);
    }
  };
  const describedBy =
    [note.hint ? `${id}-hint` : null, showMissing ? `${id}-missing` : null].filter(Boolean).join(" ") ||
    undefined;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger>{trigger}</Dialog.Trigger> : null}
      <Dialog.Content maxWidth="520px" onKeyDown={pickByDigit}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {description}
        </Dialog.Description>
        <form
          className="flex flex-col gap-3"
          noValidate={Boolean(note.missing)}
          onSubmit={(event) => {
            event.preventDefault();
            if (blank) {
              setShowMissing(true);
              return;
            }
            if (reasons && !reason) return;
            onConfirm({ reason: reason || null, note: text });
          }}
        >
          {reasons ? (
            <div>
              <Text as="p" id={`${id}-reason`} size="2" weight="medium" mb="2">
                {reasons.label}
              </Text>
              <RadioGroup.Root
                value={reason}
                onValueChange={(value) => setReason(value as RejectionReason)}
                aria-labelledby={`${id}-reason`}
              >
                {REJECTION_REASONS.map((code, index) => (
                  <RadioGroup.Item key={code} value={code}>
                    {reasons.numbered ? `${index + 1}. ` : null}
                    {fr.certification.reasons[code]}
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </div>
          ) : null}
          <div className="flex flex-col gap-1">
            <Text as="label" htmlFor={`${id}-note`} size="2" weight="medium">
              {note.label}
            </Text>
            <TextArea
              id={`${id}-note`}
              value={text}
              required={note.required}
              maxLength={note.maxLength}
              aria-invalid={note.missing ? showMissing : undefined}
              aria-describedby={describedBy}
              onChange={(event) => {
                setText(event.target.value);
                if (event.target.value.trim()) setShowMissing(false);
              }}
            />
            {note.hint ? (
              <Text id={`${id}-hint`} size="1" color="gray">
                {note.hint}
              </Text>
            ) : null}
            {showMissing ? (
              <Text id={`${id}-missing`} size="2" color="red" role="alert">
                {note.missing}
              </Text>
            ) : null}
          </div>
          <Flex gap="2" justify="end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button
              type="submit"
              variant={destructive ? "destructive" : undefined}
              disabled={Boolean(incomplete) || busy}
              loading={busy && !destructive ? true : undefined}
            >
              {confirmLabel}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
