import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Flex } from "@radix-ui/themes";

export interface ConfirmDialogProps {
  /** Controlled visibility; closing (Escape, 'Annuler') calls `onOpenChange(false)`. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will be lost, said plainly. */
  description: string;
  /** Label of the red button ('Supprimer'). */
  confirmLabel: string;
  /** Runs the action; the dialog stays open while `busy` and is closed by the caller. */
  onConfirm: () => void;
  busy?: boolean;
}

/** Destructive confirmation: 'Annuler' (focused first) and a red confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="outline" disabled={busy}>
              {fr.editor.confirm.cancel}
            </Button>
          </AlertDialog.Cancel>
          <Button variant="destructive" disabled={busy} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
