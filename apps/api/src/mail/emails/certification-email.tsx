import { Lines, Paragraph, UrlLink } from "./blocks";
import { MailLayout } from "./mail-layout";

/** `text` with each occurrence of `url` as a link (the rest escaped text). */
export function TextWithLink({ text, url }: { text: string; url: string }) {
  const parts = text.split(url);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? <UrlLink href={url} /> : null}
          <Lines text={part} />
        </span>
      ))}
    </>
  );
}

/**
 * An e-mail of the certified-review rules (rejection, reply, publication warning): `lines` as plain
 * text in both parts (staff text and authors' names are never turned into links), then the line
 * pointing to our procedure page, its only link.
 */
export function CertificationEmail(props: {
  lines: string[];
  /** Lines each carrying one of our links (a statement of reasons' rule and appeal). */
  linked?: { line: string; url: string }[];
  procedure?: { line: string; url: string };
}) {
  return (
    <MailLayout>
      <Paragraph plain={props.lines.join("\n")} />
      {(props.linked ?? []).map((link) => (
        <Paragraph key={link.url} plain={link.line}>
          <TextWithLink text={link.line} url={link.url} />
        </Paragraph>
      ))}
      {props.procedure ? (
        <Paragraph plain={props.procedure.line}>
          <TextWithLink text={props.procedure.line} url={props.procedure.url} />
        </Paragraph>
      ) : null}
    </MailLayout>
  );
}
