import { fr } from "@certavis/i18n-fr/server";
import { Text } from "@react-email/components";
import { Fragment } from "react";
import { paragraphStyle } from "./blocks";
import { TextWithLink } from "./certification-email";
import { DEFAULT_ACCENT, type MailBrand, MailLayout } from "./mail-layout";

/** One product of an order e-mail: its name, its image (absolute URL) and its own review link. */
export interface EmailItem {
  name: string;
  imageUrl: string | null;
  reviewUrl: string;
}

/** A footer line whose whole text is the link (`text : link` in the plain-text part). */
export interface FooterLink {
  text: string;
  link: string;
}

export type FooterLine = string | FooterLink;

/**
 * The review link that opens the form with `note` (1 to 5) already chosen; the store question's with
 * `boutique` (the shop's stars) instead.
 */
export function ratedReviewUrl(reviewUrl: string, note: number, param: "note" | "boutique" = "note"): string {
  return `${reviewUrl}${reviewUrl.includes("?") ? "&" : "?"}${param}=${note}`;
}

const footerText = (line: FooterLine) => (typeof line === "string" ? line : `${line.text} : ${line.link}`);

const STAR_STYLE = {
  color: "#f5a623",
  fontSize: "30px",
  lineHeight: "1",
  textDecoration: "none",
  padding: "0 2px",
};

/**
 * A product card: image, name, five star links (each opening the form with its rating) and the
 * button (a link in a coloured cell: the button Outlook keeps).
 */
function ItemCard({ item, accent, store = false }: { item: EmailItem; accent: string; store?: boolean }) {
  const t = fr.server.shopMail;
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding="0"
      cellSpacing="0"
      style={{ border: "1px solid #e5e7eb", borderRadius: "8px", margin: "12px 0" }}
    >
      <tbody>
        <tr>
          <td align="center" style={{ padding: "16px" }}>
            {item.imageUrl ? (
              <img
                src={item.imageUrl}
                alt={item.name}
                width="96"
                height="96"
                style={{ display: "block", margin: "0 auto 8px", objectFit: "cover", borderRadius: "6px" }}
              />
            ) : null}
            <p style={{ margin: "0 0 8px", fontWeight: "bold" }}>{item.name}</p>
            <p className="mail-muted" style={{ margin: "0 0 4px", color: "#555555", fontSize: "14px" }}>
              {t.starsPrompt}
            </p>
            <p style={{ margin: "0 0 12px" }}>
              {[1, 2, 3, 4, 5].map((n) => (
                <a
                  key={n}
                  href={ratedReviewUrl(item.reviewUrl, n, store ? "boutique" : "note")}
                  title={t.starLink(n)}
                  aria-label={t.starLink(n)}
                  style={STAR_STYLE}
                >
                  ★
                </a>
              ))}
            </p>
            <table role="presentation" cellPadding="0" cellSpacing="0">
              <tbody>
                <tr>
                  {/* `bgcolor`: Outlook paints the cell from it, not from CSS. */}
                  <td {...{ bgcolor: accent }} style={{ borderRadius: "6px" }}>
                    <a
                      href={item.reviewUrl}
                      style={{
                        display: "inline-block",
                        background: accent,
                        color: "#ffffff",
                        fontWeight: "bold",
                        textDecoration: "none",
                        padding: "10px 20px",
                        borderRadius: "6px",
                      }}
                    >
                      {store ? t.storeButton : t.button}
                    </a>
                  </td>
                </tr>
              </tbody>
            </table>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * An e-mail of the shop to its buyer (request, reminder, thanks, and the template test e-mail): the
 * shop's header, the body of its template (`bodyHtml`, escaped when the template was rendered; the
 * text part is `bodyText`, the template as typed), a card per product and the legal footer.
 * An order of several products lists them in the text part (`listInText`).
 */
export function ShopEmail(props: {
  shop: MailBrand;
  bodyText: string;
  bodyHtml: string;
  items: EmailItem[];
  listInText: boolean;
  footer: FooterLine[];
  /** The question about the shop ('Votre expérience avec …'), asked before the products. */
  store?: EmailItem | null;
}) {
  const accent = props.shop.color ?? DEFAULT_ACCENT;
  const list = props.items.map((item) => fr.server.orders.itemLine(item.name, item.reviewUrl)).join("\n");
  const cardsPlain = props.listInText ? { "data-plain": `${fr.server.orders.itemsIntro}\n${list}` } : {};
  return (
    <MailLayout brand={props.shop}>
      <Text
        data-plain={props.bodyText}
        style={paragraphStyle}
        dangerouslySetInnerHTML={{ __html: props.bodyHtml }}
      />
      {props.store ? (
        <div data-plain={fr.server.shopMail.storeLine(props.store.name, props.store.reviewUrl)}>
          <ItemCard item={props.store} accent={accent} store />
        </div>
      ) : null}
      {props.items.length > 0 || props.listInText ? (
        <div {...cardsPlain} {...(props.listInText ? {} : { "data-skip-in-text": "true" })}>
          {props.items.map((item) => (
            <ItemCard key={item.reviewUrl} item={item} accent={accent} />
          ))}
        </div>
      ) : null}
      {props.footer.length > 0 ? (
        <Text
          data-plain={props.footer.map(footerText).join("\n")}
          className="mail-muted"
          style={{ ...paragraphStyle, fontSize: "13px", color: "#555555" }}
        >
          {props.footer.map((line, i) => (
            <Fragment key={i}>
              {i > 0 ? <br /> : null}
              {typeof line === "string" ? (
                <FooterSentence line={line} />
              ) : (
                <a href={line.link}>{line.text}</a>
              )}
            </Fragment>
          ))}
        </Text>
      ) : null}
    </MailLayout>
  );
}

/** A footer sentence: the addresses in it are links. */
function FooterSentence({ line }: { line: string }) {
  const url = line.match(/https?:\/\/[^\s<]+/)?.[0];
  return url ? <TextWithLink text={line} url={url} /> : line;
}
