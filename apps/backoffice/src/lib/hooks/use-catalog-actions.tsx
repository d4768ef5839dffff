import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { toastError } from "../toast/error-toast";
import { toast } from "../toast/toast-store";

interface IdMutation {
  mutate: (id: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

export interface CatalogActionTexts {
  duplicated: string;
  duplicateFailed: string;
  deleted: string;
  deleteFailed: string;
  deleteDialog: { title: string; description: (name: string) => string; confirm: string };
}

/**
 * Duplicate and delete of a list's items (templates, forms) with their toasts; deleting asks first in a
 * dialog naming the item.
 */
export function useCatalogActions<T extends { id: string; name: string }>(
  duplicate: IdMutation,
  remove: IdMutation,
  texts: CatalogActionTexts,
): { duplicate: (item: T) => void; askDelete: (item: T) => void; deleteDialog: ReactNode } {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const deleteDialog = (
    <ConfirmDialog
      open={toDelete !== null}
      onOpenChange={(open) => (open ? undefined : setToDelete(null))}
      title={texts.deleteDialog.title}
      description={texts.deleteDialog.description(toDelete?.name ?? "")}
      confirmLabel={texts.deleteDialog.confirm}
      busy={remove.isPending}
      onConfirm={() => {
        if (!toDelete) return;
        remove.mutate(toDelete.id, {
          onSuccess: () => {
            toast({ title: texts.deleted, variant: "success" });
            setToDelete(null);
          },
          onError: (error) => toastError(error, texts.deleteFailed),
        });
      }}
    />
  );
  return {
    duplicate: (item) =>
      duplicate.mutate(item.id, {
        onSuccess: () => toast({ title: texts.duplicated, variant: "success" }),
        onError: (error) => toastError(error, texts.duplicateFailed),
      }),
    askDelete: setToDelete,
    deleteDialog,
  };
}
