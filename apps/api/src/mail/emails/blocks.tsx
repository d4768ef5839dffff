import { Text } from "@react-email/components";
import { Fragment } from "react";

export const paragraphStyle = { fontSize: "15px", lineHeight: "1.5", margin: "0 0 16px" };

/** Text whose line breaks stay line breaks in the HTML part. */
export function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A paragraph whose text part is `plain` exactly; its HTML shows `children` (defaults to `plain`,
 * line breaks kept). Values are React text: escaped, never markup.
 */
export function Paragraph(props: { plain: string; children?: React.ReactNode; muted?: boolean }) {
  return (
    <Text
      data-plain={props.plain}
      className={props.muted ? "mail-muted" : undefined}
      style={props.muted ? { ...paragraphStyle, color: "#555555", fontSize: "13px" } : paragraphStyle}
    >
      {props.children ?? <Lines text={props.plain} />}
    </Text>
  );
}

/** A link showing its own address (the address is the text, as in the text part). */
export function UrlLink({ href }: { href: string }) {
  return <a href={href}>{href}</a>;
}
