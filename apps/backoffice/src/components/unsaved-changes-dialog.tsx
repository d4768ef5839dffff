import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Flex } from "@radix-ui/themes";

const t = fr.common.unsavedChanges;

export interface UnsavedChangesDialogProps {
  /** Shown while a navigation is held (`useUnsavedChanges(...).blocked`). */
  open: boolean;
  /** 'Quitter sans enregistrer': drop the changes and go on (`guard.leave`). */
  onLeave: () => void;
  /** 'Enregistrer': save, then go on when the save succeeded. */
  onSave: () => void;
  /** Escape or a click outside: stay on the editor (`guard.stay`). */
  onStay: () => void;
  /** A save is in flight: both buttons wait. */
  saving?: boolean;
}

/** 'Enregistrer ou quitter sans enregistrer' (spec §2 editors) with 'Quitter sans enregistrer' / 'Enregistrer'. */
export function UnsavedChangesDialog({
  open,
  onLeave,
  onSave,
  onStay,
  saving = false,
}: UnsavedChangesDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onStay())}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{t.title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t.description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Button variant="outline" disabled={saving} onClick={onLeave}>
            {t.leave}
          </Button>
          <Button disabled={saving} loading={saving} onClick={onSave}>
            {t.save}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
