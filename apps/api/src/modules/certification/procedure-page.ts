import { escapeHtml } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { FAVICON_LINK } from "../../http/favicon";
import type { ResponseOf } from "../../http/operation-types";

type Procedure = ResponseOf<"publicProcedureGet", 200>;

const STYLE = `body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff}
main{max-width:42rem;margin:0 auto;padding:24px 16px 48px}h1{font-size:1.5rem;line-height:1.25}
h2{font-size:1.15rem;margin-top:1.75rem}ul{padding-left:1.25rem}a{color:#047857}`;

/**
 * The company's procedure page (`/widget/fonctionnement?company_id=`), server-rendered from what the
 * product enforces (the same figures as `GET /public/procedure/`): readable without JavaScript.
 */
export function renderProcedurePage(procedure: Procedure): string {
  const p = fr.certification.procedure;
  const name = procedure.company.name;
  const section = (title: string, body: string) =>
    `<h2>${escapeHtml(title)}</h2>\n<p>${escapeHtml(body)}</p>`;
  const reasons = procedure.rejection_reasons.map((r) => `<li>${escapeHtml(r.label)}</li>`).join("");
  return `<!doctype html>
<html lang="fr"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${FAVICON_LINK}<title>${escapeHtml(p.title(name))}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(p.heading)}</h1>
<p>${escapeHtml(p.intro(name))}</p>
${section(p.collectTitle, p.collect(name))}
${section(p.moderationTitle, p.moderation(procedure.max_publication_delay_days))}
<h2>${escapeHtml(p.reasonsTitle)}</h2>
<p>${escapeHtml(p.reasonsIntro)}</p>
<ul>${reasons}</ul>
${section(p.displayTitle, p.display)}
${section(p.integrityTitle, p.integrity)}
${procedure.author_contactable ? section(p.contactTitle, p.contact) : ""}
${section(p.retentionTitle, p.retention(procedure.retention_years))}
<p>${escapeHtml(p.personalData(procedure.order_pii_retention_days))}</p>
</main></body></html>`;
}
