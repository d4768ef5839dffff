import { DropdownMenu, IconButton } from "@radix-ui/themes";

/** The '⋯' menu of a card: Dupliquer, and Supprimer when the item may be deleted. */
export function CardMenu({
  label,
  duplicateLabel,
  deleteLabel,
  onDuplicate,
  onDelete,
}: {
  /** Accessible name of the trigger (names the item). */
  label: string;
  duplicateLabel: string;
  deleteLabel: string;
  onDuplicate: () => void;
  /** Absent: no 'Supprimer' (default templates and forms). */
  onDelete?: () => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" aria-label={label}>
          <span aria-hidden="true">⋯</span>
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item onSelect={onDuplicate}>{duplicateLabel}</DropdownMenu.Item>
        {onDelete ? (
          <DropdownMenu.Item color="red" onSelect={onDelete}>
            {deleteLabel}
          </DropdownMenu.Item>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
