/**
 * Stars on a shop's listing pages: every `<span data-certavis-stars data-company-id=… data-sku=…>`
 * (or `data-product-id=…`) of the page gets its product's average and count from ONE request per
 * company and kind of key (`GET /public/ratings/`, at most 100 keys a request), drawn in the page's
 * own DOM (no frame). The span's size is fixed by the configurator's inline style before this script
 * runs, and the stars drawn in it fit it, so filling it moves nothing; a product without reviews
 * leaves it empty at the same size. `data-href` makes the stars a link (http(s) or a path only).
 *
 * Cheap on purpose, for the host's main thread (bench/widget-lighthouse.mjs, listing page; figures in
 * bench/README.md): attributes are read with `getAttribute` and never written to the host's elements,
 * no stylesheet is added, and a rating is two created elements (no markup parsed), since on a page
 * with no other script each element created costs about as much as the rest of the drawing: the named
 * box, holding the stars (one run of glyphs painted by a gradient cut at the average) and the count as
 * text. The count stays inside the named box, or screen readers would read it twice. The stars are
 * glyphs: an SVG mask or a star-shaped clip-path costs the page more than they save.
 */
import { httpSchemeLength } from "../../lib/http-scheme";

export const STARS = "data-certavis-stars";
const MAX_KEYS = 100;

/**
 * The stars' style, inline: the glyphs show their background, the gradient. A stylesheet for all the
 * stars costs the page more script, not less, and draws no faster. The box is inline in the span, whose
 * inline style (`LISTING_STARS_BOX`, from the configurator) reserves its place.
 */
const STARS_STYLE = "color:transparent;-webkit-background-clip:text;background-clip:text";
/** A link keeps the page's text colour for the count, not underlined. */
const LINK_STYLE = "color:inherit;text-decoration:none";

type Rating = { average: number; count: number };
type Label = (average: number, count: number) => string;

/**
 * A span already handled carries this mark on its JavaScript object (a property, not an attribute: the
 * host's DOM is unchanged), seen by every copy of the loader a page includes (the widget's snippet and
 * the stars' each bring one). Not a set kept on the document: a property of `document` is looked up
 * through its named elements, at a cost to the host's main thread.
 */
const FILLED = Symbol.for("certavis.stars.filled");
type Marked = Element & { [FILLED]?: true };

/**
 * `data-href` is followed only when it is an http(s) address or a path on the host's site (never
 * `javascript:`, nor `//other.site` or a slash and a backslash, which browsers read as another site).
 */
export function isStarsLink(href: string | null): href is string {
  if (href === null) return false;
  if (href[0] === "/") return href[1] !== "/" && href[1] !== "\\";
  return httpSchemeLength(href.slice(0, 8).toLowerCase()) > 0;
}

/**
 * Draws one rating into its span: five stars, gold up to the average and grey after, then the count
 * (a no-break space keeps it on their line), in a box named by the label: `role="img"`, whose content
 * screen readers leave out, or a link when `data-href` asks for one. The label and the address are
 * attribute values, never markup.
 */
export function drawStars(span: Element, rating: Rating, label: Label): void {
  const average = Number(rating.average);
  const count = Number(rating.count);
  const doc = span.ownerDocument;
  const href = span.getAttribute("data-href");
  const link = isStarsLink(href);
  const box = doc.createElement(link ? "a" : "span");
  if (link) {
    box.setAttribute("href", href);
    box.setAttribute("style", LINK_STYLE);
  } else box.setAttribute("role", "img");
  box.setAttribute("aria-label", label(average, count));
  const stars = doc.createElement("span");
  const fill = Math.round(Math.max(0, Math.min(100, (average / 5) * 100)) * 10) / 10;
  stars.setAttribute(
    "style",
    `${STARS_STYLE};background-image:linear-gradient(90deg,#b45309 ${fill}%,#d1d5db 0)`,
  );
  stars.textContent = "★★★★★";
  box.append(stars, `\u00a0(${count})`);
  span.replaceChildren(box);
}

/**
 * Fills the page's star spans not filled yet; resolves when every answer is drawn. The requests
 * are grouped by company and key kind: one request for the usual page (one shop, up to 100 keys).
 */
export function fillStars(
  doc: Document,
  origin: string,
  label: Label,
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  // "company|kind" → key → its spans
  const groups = new Map<string, Map<string, Element[]>>();
  const spans = doc.querySelectorAll(`[${STARS}]`);
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i] as Element;
    const companyId = span.getAttribute("data-company-id");
    const sku = span.getAttribute("data-sku");
    const key = sku || span.getAttribute("data-product-id")?.toLowerCase();
    if ((span as Marked)[FILLED] || !companyId || !key) continue;
    (span as Marked)[FILLED] = true;
    const group = `${companyId}|${sku ? "skus" : "product_ids"}`;
    const keys = groups.get(group) || new Map<string, Element[]>();
    groups.set(group, keys);
    const same = keys.get(key);
    if (same) same.push(span);
    else keys.set(key, [span]);
  }
  const done: Promise<void>[] = [];
  for (const [group, spansByKey] of groups) {
    const [companyId = "", kind] = group.split("|");
    const keys = [...spansByKey.keys()];
    for (let i = 0; i < keys.length; i += MAX_KEYS) {
      const url = `${origin}/api/v1/public/ratings/?company_id=${encodeURIComponent(companyId)}&${kind}=${encodeURIComponent(keys.slice(i, i + MAX_KEYS).join())}`;
      done.push(
        fetchImpl(url)
          .then((response) => response.json())
          .then(
            (body: { ratings?: Record<string, Rating> }) => {
              for (const [key, rating] of Object.entries(body.ratings || {}))
                for (const span of spansByKey.get(key) || []) drawStars(span, rating, label);
            },
            () => undefined,
          ),
      );
    }
  }
  return Promise.all(done);
}
