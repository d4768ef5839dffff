import { fr, moderationLabel } from "@certavis/i18n-fr/server";
import type { ResponseOf } from "../../http/operation-types";
import { PageShell, renderPage } from "../../http/pages/page-shell";
import readingPage from "../../http/pages/reading-page.css";
import pageStyle from "./procedure-page.css";

const style = readingPage + pageStyle;

type Procedure = ResponseOf<"publicProcedureGet", 200>;

function Section({ title, children }: { title: string; children: string }) {
  return (
    <>
      <h2>{title}</h2>
      <p>{children}</p>
    </>
  );
}

/**
 * The company's procedure page (`/widget/fonctionnement?company_id=`), server-rendered from what the
 * product enforces (the same figures as `GET /public/procedure/`): readable without JavaScript.
 */
export function renderProcedurePage(procedure: Procedure): string {
  const p = fr.certification.procedure;
  const name = procedure.company.name;
  const who = moderationLabel(procedure.moderation);
  return renderPage(
    <PageShell title={p.title(name)} style={style}>
      <h1>{p.heading}</h1>
      <p>{p.intro(name)}</p>
      <Section title={p.collectTitle}>{p.collect(name)}</Section>
      <h2>{p.moderationTitle}</h2>
      <p>
        <strong>{who.line}</strong>
      </p>
      {who.pending ? <p>{who.pending}</p> : null}
      <p>
        {procedure.moderation.mode === "certavis"
          ? fr.server.moderation.rules.automated
          : p.moderation(procedure.max_publication_delay_days)}
      </p>
      <h2>{p.reasonsTitle}</h2>
      <p>{p.reasonsIntro}</p>
      <ul>
        {procedure.rejection_reasons.map((r, i) => (
          <li key={`${i}`}>{r.label}</li>
        ))}
      </ul>
      <p>
        <a href={procedure.rules_url}>{fr.moderation.rulesLink}</a>
      </p>
      <Section title={p.displayTitle}>{p.display}</Section>
      <Section title={p.integrityTitle}>{p.integrity}</Section>
      {procedure.author_contactable ? <Section title={p.contactTitle}>{p.contact}</Section> : null}
      <Section title={p.retentionTitle}>{p.retention(procedure.retention_years)}</Section>
      <p>{p.personalData(procedure.order_pii_retention_days)}</p>
    </PageShell>,
  );
}
