import { fr } from "../../../lib/fr";

/** How much of the review and its files is sent (0 to 1). */
export function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="rf-progress">
      <progress max={100} value={percent} aria-label={fr.publicForm.sending} />
      <span aria-live="polite">{fr.publicForm.files.uploadProgress(percent)}</span>
    </div>
  );
}
