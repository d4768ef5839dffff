import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Flex } from "@radix-ui/themes";

const t = fr.common.unsavedChanges;

/** 'Enregistrer ou quitter sans enregistrer' (spec §2): leave without saving, or save. Escape stays. */
export function UnsavedChangesDialog({
  open,
  onStay,
  onLeave,
  onSave,
  saving = false,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  onSave: () => void;
  saving?: boolean;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onStay())}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{t.title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t.description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Button variant="outline" onClick={onLeave}>
            {t.leave}
          </Button>
          <Button onClick={onSave} disabled={saving}>
            {t.save}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
