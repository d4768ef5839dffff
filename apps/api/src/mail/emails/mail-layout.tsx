import { Body, Container, Head, Html, Preview, Section } from "@react-email/components";
import type { ReactNode } from "react";

/** Who speaks in an e-mail: the shop (its name, its logo and colour when it has them), else Certavis. */
export interface MailBrand {
  name: string;
  logoUrl?: string | null;
  /** The accent of buttons and links (`#rrggbb`). */
  color?: string | null;
}

export const DEFAULT_ACCENT = "#1f4fd1";

/*
 * Dark mode: clients that honour `prefers-color-scheme` (Apple Mail, Outlook.com, some Gmail apps)
 * get these colours; the others invert the light design themselves (the colour-scheme meta tells
 * them it is allowed). Gmail's web client drops <style> blocks: the inline light styles hold there.
 */
const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-body { background-color: #111418 !important; }
  .mail-card { background-color: #1c2128 !important; border-color: #30363d !important; }
  .mail-card, .mail-card p, .mail-card td, .mail-card strong { color: #e6edf3 !important; }
  .mail-muted { color: #9aa4af !important; }
  .mail-card a { color: #7aa7ff !important; }
  .mail-card td[bgcolor] a { color: #ffffff !important; }
  .mail-card a[title] { color: #f5a623 !important; }
}`;

const bodyStyle = {
  backgroundColor: "#f4f5f7",
  margin: 0,
  padding: "24px 0",
  fontFamily: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
};
const cardStyle = {
  backgroundColor: "#ffffff",
  border: "1px solid #e5e7eb",
  borderRadius: "8px",
  maxWidth: "600px",
  padding: "24px",
  color: "#1f2328",
};

/** The shop's header: its logo (when it has one) and its name. Not in the text part. */
function BrandHeader({ brand }: { brand: MailBrand }) {
  return (
    <Section
      data-skip-in-text="true"
      style={{
        textAlign: "center",
        padding: "8px 0 16px",
        borderBottom: "1px solid #e5e7eb",
        marginBottom: "16px",
      }}
    >
      {brand.logoUrl ? (
        <img
          src={brand.logoUrl}
          alt=""
          height="48"
          style={{ display: "block", margin: "0 auto 6px", maxHeight: "48px" }}
        />
      ) : null}
      <strong style={{ fontSize: "20px" }}>{brand.name}</strong>
    </Section>
  );
}

/**
 * The one layout of every e-mail: a centred card (a table, as Outlook and Gmail need), the brand on
 * top when the shop speaks, dark mode where the client supports it.
 */
export function MailLayout(props: { brand?: MailBrand; preview?: string; children: ReactNode }) {
  return (
    <Html lang="fr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE_CSS}</style>
      </Head>
      {props.preview ? <Preview>{props.preview}</Preview> : null}
      <Body className="mail-body" style={bodyStyle}>
        <Container className="mail-card" style={cardStyle}>
          {props.brand ? <BrandHeader brand={props.brand} /> : null}
          {props.children}
        </Container>
      </Body>
    </Html>
  );
}
