import { CONTACT_EMAIL } from "../../../lib/contact";
import { fr } from "../../../lib/fr";
import { websiteHref } from "../../../lib/website-href";

/** Official site, terms, privacy and a contact mail link (the company's contact, else Certavis's). */
export function FormFooter({
  website,
  contact,
}: {
  website?: string | null | undefined;
  contact?: string | null | undefined;
}) {
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
          <a href={`mailto:${contact || CONTACT_EMAIL}`}>{fr.publicForm.footer.contact}</a>
        </li>
      </ul>
    </footer>
  );
}
