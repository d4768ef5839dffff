import { REPORT_REASONS, type ReportReason } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { SchemaOf } from "../../http/operation-types";
import { PageShell, renderPage } from "../../http/pages/page-shell";
import readingPage from "../../http/pages/reading-page.css";
import pageStyle from "./moderation-page.css";

const style = readingPage + pageStyle;
const m = fr.moderation;
const s = fr.server.moderation;
export const RULES_PATH = "/regles-de-moderation";

/** `/regles-de-moderation`: each reason a review is rejected or removed for, what it covers. */
export function renderRulesPage(rules: SchemaOf<"ModerationRules">): string {
  const r = s.rules;
  return renderPage(
    <PageShell title={r.title} description={r.intro} style={style}>
      <h1>{r.title}</h1>
      <p>{r.intro}</p>
      <dl>
        {rules.reasons.map((reason) => (
          <div key={reason.code} id={reason.code}>
            <dt>{reason.label}</dt>
            <dd>{reason.covers}</dd>
          </div>
        ))}
      </dl>
      <h2>{r.automatedTitle}</h2>
      <p>{r.automated}</p>
      <h2>{r.reportTitle}</h2>
      <p>{r.report}</p>
      <ul>
        {rules.report_reasons.map((reason) => (
          <li key={reason.code}>{reason.label}</li>
        ))}
      </ul>
      <h2>{r.appealTitle}</h2>
      <p>{r.appeal}</p>
    </PageShell>,
  );
}

export interface ReportedReview {
  id: string;
  slug: string;
  companyName: string;
  authorName: string;
  title: string | null;
  comment: string | null;
}

export interface ReportFormState {
  reason: string;
  explanation: string;
  email: string;
  errors: Record<string, string[]>;
  detail: string | null;
}

export const EMPTY_REPORT: ReportFormState = {
  reason: "",
  explanation: "",
  email: "",
  errors: {},
  detail: null,
};

function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  return messages?.length ? (
    <p className="error" id={id}>
      {messages.join(" ")}
    </p>
  ) : null;
}

/** 'Signaler cet avis' without any script: a plain form posted to the same address. */
export function renderReportPage(review: ReportedReview, state: ReportFormState): string {
  const r = m.report;
  const action = `/signaler/${review.id}`;
  return renderPage(
    <PageShell title={r.title} noindex style={style}>
      <h1>{r.title}</h1>
      <blockquote>
        {review.title ? <strong>{review.title}</strong> : null}
        {review.comment ? <p>{review.comment}</p> : null}
        <p>{`${review.authorName} · ${review.companyName}`}</p>
      </blockquote>
      <p>{r.intro}</p>
      {state.detail ? (
        <p className="error" role="alert">
          {state.detail}
        </p>
      ) : null}
      <form method="post" action={action}>
        <fieldset aria-describedby={state.errors.reason ? "reason-error" : undefined}>
          <legend>{r.reasonLabel}</legend>
          {REPORT_REASONS.map((code: ReportReason) => (
            <label key={code}>
              <input
                type="radio"
                name="reason"
                value={code}
                required
                defaultChecked={state.reason === code}
              />
              {r.reasons[code]}
            </label>
          ))}
          <FieldError id="reason-error" messages={state.errors.reason} />
        </fieldset>
        <label htmlFor="explanation">{r.explanationLabel}</label>
        <textarea
          id="explanation"
          name="explanation"
          required
          maxLength={2000}
          defaultValue={state.explanation}
          aria-invalid={state.errors.explanation ? true : undefined}
          aria-describedby={state.errors.explanation ? "explanation-error" : undefined}
        />
        <FieldError id="explanation-error" messages={state.errors.explanation} />
        <label htmlFor="email">{r.emailLabel}</label>
        <input
          type="email"
          id="email"
          name="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={state.email}
          aria-invalid={state.errors.email ? true : undefined}
          aria-describedby={state.errors.email ? "email-error" : undefined}
        />
        <FieldError id="email-error" messages={state.errors.email} />
        <button type="submit">{r.send}</button>
      </form>
      <p>
        <a href={RULES_PATH}>{m.rulesLink}</a>
        {" · "}
        <a href={`/avis/${review.slug}`}>{s.reportPage.back}</a>
      </p>
    </PageShell>,
  );
}

/** The acknowledgement of a report or an appeal. */
export function renderReceivedPage(
  title: string,
  message: string,
  back: { href: string; label: string } | null,
) {
  return renderPage(
    <PageShell title={title} noindex style={style}>
      <h1>{title}</h1>
      <p role="status">{message}</p>
      {back ? (
        <p>
          <a href={back.href}>{back.label}</a>
        </p>
      ) : null}
    </PageShell>,
  );
}

/** `/recours?token=`: the decision, its rule and facts, and the one appeal's form (or that it was made). */
export function renderAppealPage(
  token: string,
  statement: SchemaOf<"AppealStatement">,
  state: { explanation: string; errors: Record<string, string[]>; detail: string | null },
): string {
  const a = s.appealPage;
  const mail = s.mail;
  return renderPage(
    <PageShell title={a.title} noindex style={style}>
      <h1>{a.title}</h1>
      <p>{a.decision[statement.decision]}</p>
      <p>
        {`${a.rule(statement.reason_label)} · `}
        <a href={`${RULES_PATH}#${statement.reason}`}>{m.rulesLink}</a>
      </p>
      {statement.facts ? <p>{mail.facts(statement.facts)}</p> : null}
      <p>{statement.automated ? mail.automated.yes : mail.automated.no}</p>
      {state.detail ? (
        <p className="error" role="alert">
          {state.detail}
        </p>
      ) : null}
      {statement.appeal ? (
        <p role="status">{a.already}</p>
      ) : (
        <form method="post" action="/recours">
          <input type="hidden" name="token" value={token} />
          <label htmlFor="explanation">{a.explanationLabel}</label>
          <textarea
            id="explanation"
            name="explanation"
            required
            maxLength={2000}
            defaultValue={state.explanation}
            aria-invalid={state.errors.explanation ? true : undefined}
            aria-describedby={state.errors.explanation ? "explanation-error" : undefined}
          />
          <FieldError id="explanation-error" messages={state.errors.explanation} />
          <button type="submit">{a.send}</button>
        </form>
      )}
    </PageShell>,
  );
}
