import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A preview in a dialog (template, form), closed by its button or Escape. */
export function PreviewDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="720px" {...(description ? {} : { "aria-describedby": undefined })}>
        <Dialog.Title>{title}</Dialog.Title>
        {description ? (
          <Dialog.Description size="2" color="gray" mb="3">
            {description}
          </Dialog.Description>
        ) : null}
        {children}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="outline">{fr.common.close}</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
