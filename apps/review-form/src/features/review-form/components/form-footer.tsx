import { fr } from "../../../lib/fr";
import { websiteHref } from "../../../lib/website-href";
import { CONTACT_EMAIL } from "../../../strings-pending";

/** Official site, terms, privacy and a contact mail link. */
export function FormFooter({ website }: { website?: string | null | undefined }) {
  const href = websiteHref(website);
  return (
    <footer className="rf-footer">
      <ul>
        {href ? (
          <li>
            <a href={href} target="_blank" rel="noopener noreferrer">
              {fr.publicForm.footer.officialSite}
            </a>
          </li>
        ) : null}
        <li>
          <a href="/cgu">{fr.publicForm.footer.terms}</a>
        </li>
        <li>
          <a href="/politique-confidentialite">{fr.publicForm.footer.privacy}</a>
        </li>
        <li>
          <a href={`mailto:${CONTACT_EMAIL}`}>{fr.publicForm.footer.contact}</a>
        </li>
      </ul>
    </footer>
  );
}
