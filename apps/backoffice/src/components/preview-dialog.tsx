import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";

export interface PreviewDialogProps {
  /** Controlled visibility. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Dialog title (its accessible name). */
  title: string;
  /** What is previewed (an e-mail, a form...). */
  children: ReactNode;
  /** Extra footer actions beside 'Fermer' (e.g. an edit link). */
  actions?: ReactNode;
}

/** A read-only preview in a dialog, closed by 'Fermer' or Escape. */
export function PreviewDialog({ open, onOpenChange, title, children, actions }: PreviewDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="640px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        <div className="max-h-[65vh] overflow-y-auto">{children}</div>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          {actions}
          <Dialog.Close>
            <Button variant="outline">{fr.editor.preview.close}</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
