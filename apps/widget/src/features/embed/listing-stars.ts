/**
 * Stars on a shop's listing pages: every `<span data-certavis-stars data-company-id=… data-sku=…>`
 * (or `data-product-id=…`) of the page gets its product's average and count from ONE request per
 * company and kind of key (`GET /public/ratings/`, at most 100 keys a request), drawn in the page's
 * own DOM (no frame). The span's size is fixed by the configurator's inline style before this script
 * runs, and the stars drawn in it have the same size, so filling it moves nothing; a product without reviews
 * leaves it empty at the same size. `data-href` makes the stars a link (http(s) or a path only).
 *
 * Cheap on purpose (bench/widget-lighthouse.mjs, listing page): attributes are read with
 * `getAttribute` (no `dataset` objects) and never written to the host's elements, no stylesheet is
 * added, and each rating is one run of five stars painted by a gradient cut at the average (one
 * element, no overlay to lay out).
 */
import { LISTING_STARS_BOX } from "@certavis/domain";

export const STARS = "data-certavis-stars";
const MAX_KEYS = 100;

/**
 * The drawn stars carry their style inline: a stylesheet added to the host's page would cost it a
 * style recalculation of the whole document.
 */
const BOX_STYLE = `${LISTING_STARS_BOX};overflow:hidden;white-space:nowrap;line-height:1.25em;color:inherit;text-decoration:none`;
const STARS_STYLE = "font-style:normal;color:transparent;-webkit-background-clip:text;background-clip:text";
const COUNT_STYLE = "font-weight:400;font-size:.85em";

type Rating = { average: number; count: number };
type Label = (average: number, count: number) => string;

/**
 * The spans already handled, kept on the document (not in the host's elements): shared by every copy of
 * the loader a page includes (the widget's snippet and the stars' each bring one).
 */
const FILLED = Symbol.for("certavis.stars.filled");
const filledSpans = (doc: Document): WeakSet<Element> => {
  const holder = doc as Document & { [FILLED]?: WeakSet<Element> };
  holder[FILLED] ||= new WeakSet<Element>();
  return holder[FILLED];
};

const LINK = /^(https?:\/\/|\/(?!\/))/i;

/** The stars' markup, parsed once per document and kind of box, then cloned for each product. */
let templates: { doc: Document; a?: Element; span?: Element } | undefined;
function template(doc: Document, tag: "a" | "span"): Element {
  if (templates?.doc !== doc) templates = { doc };
  let box = templates[tag];
  if (!box) {
    const holder = doc.createElement("span");
    holder.innerHTML = `<${tag} style="${BOX_STYLE}"><i aria-hidden="true"></i><b aria-hidden="true" style="${COUNT_STYLE}"></b></${tag}>`;
    box = templates[tag] = holder.firstChild as Element;
    (box.firstChild as Element).textContent = "★★★★★";
  }
  return box;
}

/**
 * Draws one rating into its span: five stars, gold up to the average, grey after, then the count. A
 * clone of the parsed markup with three attributes and a text set (an HTML parse per product would
 * cost the page more); the label and the address are attribute values, never markup.
 */
export function drawStars(span: Element, rating: Rating, label: Label): void {
  const average = Number(rating.average);
  const count = Number(rating.count);
  const href = span.getAttribute("data-href");
  const link = href !== null && LINK.test(href);
  const box = template(span.ownerDocument, link ? "a" : "span").cloneNode(true) as Element;
  box.setAttribute(link ? "href" : "role", link ? (href as string) : "img");
  box.setAttribute("aria-label", label(average, count));
  const fill = Math.round(Math.max(0, Math.min(100, (average / 5) * 100)) * 10) / 10;
  (box.firstChild as Element).setAttribute(
    "style",
    `${STARS_STYLE};background-image:linear-gradient(90deg,#b45309 ${fill}%,#d1d5db 0)`,
  );
  (box.lastChild as Element).textContent = ` (${count})`;
  if (span.firstChild) span.textContent = "";
  span.appendChild(box);
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
  const filled = filledSpans(doc);
  const spans = doc.querySelectorAll(`[${STARS}]`);
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i] as Element;
    const companyId = span.getAttribute("data-company-id");
    const sku = span.getAttribute("data-sku");
    const key = sku || span.getAttribute("data-product-id")?.toLowerCase();
    if (filled.has(span) || !companyId || !key) continue;
    filled.add(span);
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
