import { safeLogoUrl } from "@certavis/domain";
import { fr } from "../../../lib/fr";
import { websiteHref } from "../../../lib/website-href";
import type { PublicForm } from "../api/review-form-types";

/** Company name, link and logo (the logo only when the domain's URL rule accepts it). */
export function FormHeader({ company }: { company: PublicForm["company"] }) {
  const logo = safeLogoUrl(company.logo);
  const href = websiteHref(company.url);
  const name = (
    <>
      {logo ? <img className="rf-logo" src={logo} alt={fr.publicForm.logoAlt(company.name)} /> : null}
      <span className="rf-company-name">{company.name}</span>
    </>
  );
  return (
    <header className="rf-header">
      {href ? (
        <a className="rf-company" href={href} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
      ) : (
        <span className="rf-company">{name}</span>
      )}
    </header>
  );
}
