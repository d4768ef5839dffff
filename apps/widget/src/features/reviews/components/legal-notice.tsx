import { formatLongDate } from "@certavis/i18n-fr/format";
import { fr } from "../../../lib/fr";
import type { PublicReviews } from "../api/public-reviews";

const PARIS = { timeZone: "Europe/Paris" };

/**
 * What French law asks next to published reviews: they are checked, how they are sorted, and how it
 * works (the company's own procedure page); then who moderates (ARCHITECTURE §10.19), since when.
 */
export function LegalNotice({ company }: { company: PublicReviews["company"] }) {
  const m = fr.moderation;
  const { moderation } = company;
  const who = moderation.mode === "certavis" ? m.byCertavis : m.byShop;
  return (
    <>
      <p className="cw-notice">
        <span>{fr.widget.legal.certifiedNotice}</span>
        <span aria-hidden="true"> · </span>
        <span>{fr.widget.legal.sortOrder}</span>
        <span aria-hidden="true"> · </span>
        <a
          href={`/widget/fonctionnement?company_id=${encodeURIComponent(company.id)}`}
          target="_blank"
          rel="noopener"
        >
          {fr.widget.legal.howItWorks}
        </a>
      </p>
      <p className="cw-notice">
        {moderation.since ? `${who} ${m.since(formatLongDate(moderation.since, PARIS))}` : who}
        {moderation.pending?.mode === "shop"
          ? ` · ${m.pendingToShop(
              formatLongDate(moderation.pending.requested_at, PARIS),
              formatLongDate(moderation.pending.effective_at, PARIS),
            )}`
          : null}
        {company.departed_at ? ` · ${m.departed(formatLongDate(company.departed_at, PARIS))}` : null}
      </p>
    </>
  );
}
