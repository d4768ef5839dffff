import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Flex } from "@radix-ui/themes";
import type { Product } from "./product-card";

const t = fr.products.archiveInsteadDialog;

export interface ArchiveInsteadDialogProps {
  /** The product whose 'Supprimer' was chosen while it has reviews; null: closed. */
  product: Product | null;
  onClose: () => void;
  onArchive: (product: Product) => void;
  busy: boolean;
}

/**
 * 'Supprimer' on a product that has reviews (ARCHITECTURE §10.12): it cannot be deleted, so that no
 * published review disappears; the dialog says so and offers 'Archiver' instead.
 */
export function ArchiveInsteadDialog({ product, onClose, onArchive, busy }: ArchiveInsteadDialogProps) {
  const archived = product?.status === "archived";
  return (
    <AlertDialog.Root open={product !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{t.title}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {archived ? t.alreadyArchived(product?.name ?? "") : t.description(product?.name ?? "")}
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="outline" disabled={busy}>
              {archived ? t.close : fr.editor.confirm.cancel}
            </Button>
          </AlertDialog.Cancel>
          {archived || !product ? null : (
            <Button disabled={busy} loading={busy} onClick={() => onArchive(product)}>
              {t.archive}
            </Button>
          )}
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
