import { REJECTION_REASONS } from "@certavis/domain";
import { formatDate } from "@certavis/i18n-fr";
import { fr } from "@certavis/i18n-fr/server";
import { type HtmlPage, htmlPage } from "../../http/html-page";
import type { SchemaOf } from "../../http/operation-types";
import readingPage from "../../http/pages/reading-page.css";

type Transparency = SchemaOf<"Transparency">;
type ByReason = SchemaOf<"TransparencyByReason">;

const t = fr.server.transparency;

const TABLE_STYLE =
  "table{border-collapse:collapse;width:100%;font-size:.875rem}th,td{border:1px solid #d1d5db;padding:4px 6px;text-align:right;vertical-align:top}th:first-child,td:first-child{text-align:left}.wide{overflow-x:auto}";

function reasons(by: ByReason) {
  const parts = REJECTION_REASONS.filter((code) => by[code] > 0).map(
    (code) => `${fr.certification.reasons[code]} : ${by[code]}`,
  );
  return (
    <>
      {by.total}
      {parts.length > 0 ? (
        <>
          <br />
          <small>{parts.join(" ; ")}</small>
        </>
      ) : null}
    </>
  );
}

/** The transparency page of a company or of the service: who moderates, then a row per month. */
export function transparencyPage(data: Transparency, jsonUrl: string): HtmlPage {
  const title = data.company ? t.companyTitle(data.company.name) : t.serviceTitle;
  const c = t.columns;
  return htmlPage({
    title,
    style: readingPage + TABLE_STYLE,
    body: (
      <>
        <h1>{title}</h1>
        <p>{t.intro}</p>
        {data.moderation ? (
          <p>
            {data.moderation.mode === "certavis" ? fr.moderation.byCertavis : fr.moderation.byShop}
            {data.moderation.since ? ` ${fr.moderation.since(formatDate(data.moderation.since))}` : ""}
          </p>
        ) : null}
        {data.service ? (
          <>
            <p>
              {t.whoService(
                data.service.companies_moderated_by_certavis,
                data.service.companies_moderated_by_shop,
              )}
            </p>
            <p>
              {t.operators(
                data.service.operators,
                data.service.operators_since ? formatDate(data.service.operators_since) : null,
              )}
            </p>
          </>
        ) : null}
        <p>
          <a href={jsonUrl}>{t.json}</a> · <a href="/regles-de-moderation">{t.rules}</a>
        </p>
        <div className="wide">
          <table>
            <thead>
              <tr>
                <th scope="col">{c.month}</th>
                <th scope="col">{c.received}</th>
                <th scope="col">{c.published}</th>
                <th scope="col">{c.rejected}</th>
                <th scope="col">{c.removed}</th>
                <th scope="col">{c.withdrawn}</th>
                <th scope="col">{c.reports}</th>
                <th scope="col">{c.contests}</th>
                <th scope="col">{c.appeals}</th>
                <th scope="col">{c.median}</th>
                <th scope="col">{c.automated}</th>
              </tr>
            </thead>
            <tbody>
              {data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month}</th>
                  <td>{m.received}</td>
                  <td>{m.published}</td>
                  <td>{reasons(m.rejected)}</td>
                  <td>{reasons(m.removed)}</td>
                  <td>{m.withdrawn}</td>
                  <td>
                    {m.reports.received} ({m.reports.kept} / {m.reports.removed} / {m.reports.open})
                  </td>
                  <td>
                    {m.contests.received} ({m.contests.kept} / {m.contests.removed} / {m.contests.open})
                  </td>
                  <td>
                    {m.appeals.received} ({m.appeals.upheld} / {m.appeals.overturned} / {m.appeals.open})
                  </td>
                  <td>
                    {m.median_hours_to_decision === null ? t.none : t.hours(m.median_hours_to_decision)}
                  </td>
                  <td>
                    {m.automated_share === null ? t.none : `${m.automated} (${t.share(m.automated_share)})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    ),
  });
}
