import type { MailMessage } from "../mailer";
import { Lines, Paragraph, UrlLink } from "./blocks";
import { MailLayout } from "./mail-layout";
import { renderMail } from "./render-mail";

/** One paragraph of an e-mail; `link` is shown on its own line under the text. */
export interface MailParagraph {
  text: string;
  link?: string;
}

/**
 * Certavis speaking to a user (identity, invitation, alerts, digests, webhook notices): paragraphs,
 * each with its link under it, then the signature.
 */
export function NoticeEmail(props: { paragraphs: MailParagraph[]; signature: string; preview?: string }) {
  return (
    <MailLayout {...(props.preview ? { preview: props.preview } : {})}>
      {props.paragraphs.map((p, i) => (
        <Paragraph key={i} plain={p.link ? `${p.text}\n${p.link}` : p.text}>
          <Lines text={p.text} />
          {p.link ? (
            <>
              <br />
              <UrlLink href={p.link} />
            </>
          ) : null}
        </Paragraph>
      ))}
      <Paragraph plain={props.signature} />
    </MailLayout>
  );
}

/** A notice e-mail's message: both parts from NoticeEmail. */
export async function composeMail(input: {
  to: string;
  subject: string;
  paragraphs: MailParagraph[];
  signature: string;
  code?: string;
}): Promise<MailMessage> {
  const { html, text } = await renderMail(
    <NoticeEmail paragraphs={input.paragraphs} signature={input.signature} />,
  );
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    ...(input.code ? { code: input.code } : {}),
  };
}
