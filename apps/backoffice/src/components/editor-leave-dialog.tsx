import type { UnsavedChangesGuard } from "../lib/hooks/use-unsaved-changes";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog";

/** The unsaved-changes dialog of an editor: 'Enregistrer' stays on the page and saves (which then leaves). */
export function EditorLeaveDialog({
  guard,
  saving,
  onSave,
}: {
  guard: UnsavedChangesGuard;
  saving: boolean;
  onSave: () => void;
}) {
  return (
    <UnsavedChangesDialog
      open={guard.blocked}
      onStay={guard.stay}
      onLeave={guard.leave}
      saving={saving}
      onSave={() => {
        guard.stay();
        onSave();
      }}
    />
  );
}
