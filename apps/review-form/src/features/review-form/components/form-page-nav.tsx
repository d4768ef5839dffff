import { fr } from "../../../lib/fr";

/** 'Précédent' after the first page; 'Suivant', or 'Envoyer mon avis' on the last page. */
export function FormPageNav({
  first,
  last,
  sending,
  onPrevious,
}: {
  first: boolean;
  last: boolean;
  sending: boolean;
  onPrevious: () => void;
}) {
  return (
    <div className="rf-nav">
      {first ? null : (
        <button
          type="button"
          className="rf-button rf-button--secondary"
          onClick={onPrevious}
          disabled={sending}
        >
          {fr.publicForm.previous}
        </button>
      )}
      {last ? (
        <button type="submit" className="rf-button" disabled={sending}>
          {sending ? fr.publicForm.sending : fr.publicForm.submit}
        </button>
      ) : (
        <button type="submit" className="rf-button">
          {fr.publicForm.next}
        </button>
      )}
    </div>
  );
}
