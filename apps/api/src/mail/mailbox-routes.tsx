import type { FastifyInstance } from "fastify";
import { PageShell, renderPage } from "../http/pages/page-shell";
import style from "./mailbox-page.css";
import type { SentMail } from "./mailer";

function SentMailItem({ mail }: { mail: SentMail }) {
  return (
    <article>
      <h2>{mail.subject}</h2>
      <p className="meta">{`À : ${mail.to} — ${mail.sentAt.toISOString()}`}</p>
      {mail.code ? (
        <p>
          Code : <strong className="code">{mail.code}</strong>
        </p>
      ) : null}
      <ul>
        {mail.links.map((link, i) => (
          <li key={`${i}`}>
            <a href={link}>{link}</a>
          </li>
        ))}
      </ul>
      <details>
        <summary>Texte</summary>
        <pre>{mail.text}</pre>
      </details>
    </article>
  );
}

function renderMailbox(mails: SentMail[], smtp: boolean): string {
  const title = "Boîte de réception (développement)";
  return renderPage(
    <PageShell title={title} style={style} noindex>
      <h1>{title}</h1>
      <p>
        <a href="/_dev/emails">Aperçu de chaque e-mail</a>
      </p>
      {mails.length ? (
        mails.map((mail, i) => <SentMailItem key={`${i}`} mail={mail} />)
      ) : smtp ? (
        <p>Les e-mails sont envoyés par SMTP (SMTP_URL) : la boîte locale est vide.</p>
      ) : (
        <p>Aucun e-mail envoyé pour le moment.</p>
      )}
    </PageShell>,
  );
}

/** `/_dev/mailbox` (HTML, newest first) and `/_dev/mailbox.json`; not registered in production. */
export function registerMailboxRoutes(app: FastifyInstance, list: () => SentMail[], smtp: boolean): void {
  app.get("/_dev/mailbox", async (_request, reply) => {
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    return renderMailbox(list(), smtp);
  });
  app.get("/_dev/mailbox.json", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return list().map((m) => ({ ...m, sentAt: m.sentAt.toISOString() }));
  });
}
