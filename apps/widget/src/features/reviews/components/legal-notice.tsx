import { fr } from "../../../lib/fr";

/** What French law asks next to published reviews: they are checked, how they are sorted, and how it works (the company's own procedure page). */
export function LegalNotice({ companyId }: { companyId: string }) {
  return (
    <p className="cw-notice">
      <span>{fr.widget.legal.certifiedNotice}</span>
      <span aria-hidden="true"> · </span>
      <span>{fr.widget.legal.sortOrder}</span>
      <span aria-hidden="true"> · </span>
      <a
        href={`/widget/fonctionnement?company_id=${encodeURIComponent(companyId)}`}
        target="_blank"
        rel="noopener"
      >
        {fr.widget.legal.howItWorks}
      </a>
    </p>
  );
}
