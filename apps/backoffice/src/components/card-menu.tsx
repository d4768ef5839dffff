import { DropdownMenu, IconButton } from "@radix-ui/themes";

/** The '⋯' menu of a card: Dupliquer, and Supprimer when the item may be deleted. */
export function CardMenu({
  label,
  duplicateLabel,
  deleteLabel,
  onDuplicate,
  duplicateDisabled = false,
  onDelete,
}: {
  /** Accessible name of the trigger (names the item). */
  label: string;
  duplicateLabel: string;
  deleteLabel: string;
  onDuplicate: () => void;
  /** 'Dupliquer' greyed out (e.g. at the plan's limit). */
  duplicateDisabled?: boolean;
  /** Absent: no 'Supprimer' (default templates and forms). */
  onDelete?: () => void;
}) {
  return (
    // Not modal: a modal menu hides the page (aria-hidden) while its controls stay focusable (axe
    // aria-hidden-focus); as the account menu, focus still moves into the menu and Escape closes it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" aria-label={label}>
          <span aria-hidden="true">⋯</span>
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item disabled={duplicateDisabled} onSelect={onDuplicate}>
          {duplicateLabel}
        </DropdownMenu.Item>
        {onDelete ? (
          <DropdownMenu.Item color="red" onSelect={onDelete}>
            {deleteLabel}
          </DropdownMenu.Item>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
