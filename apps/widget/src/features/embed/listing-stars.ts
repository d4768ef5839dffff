/**
 * Stars on a shop's listing pages: every `<span data-certavis-stars data-company-id=… data-sku=…>`
 * (or `data-product-id=…`) of the page gets its product's average and count from ONE request per
 * company and kind of key (`GET /public/ratings/`, at most 100 keys a request), drawn in the page's
 * own DOM (no frame). The span's size is fixed by a scoped stylesheet (and by the configurator's
 * inline style before this script runs), so filling it moves nothing; a product without reviews
 * leaves it empty at the same size. `data-href` makes the stars a link (http(s) or a path only).
 */
export const STARS = "data-certavis-stars";
const STYLE_ATTRIBUTE = "data-certavis-stars-style";
const MAX_KEYS = 100;

/** The reserved box (also the configurator snippet's inline style) and the stars' layers. */
export const STARS_BOX = "display:inline-block;width:7.5em;height:1.25em;vertical-align:middle";
const CSS = `[${STARS}]{${STARS_BOX};overflow:hidden;white-space:nowrap;line-height:1.25em}[${STARS}] a{color:inherit;text-decoration:none}[${STARS}] i{position:relative;font-style:normal;color:#d1d5db}[${STARS}] i i{position:absolute;left:0;overflow:hidden;color:#b45309}[${STARS}] b{font-weight:400;font-size:.85em}`;

type Rating = { average: number; count: number };
type Label = (average: number, count: number) => string;

let drawing: HTMLElement | undefined;

/**
 * Draws one rating into its span: five grey stars under gold ones cut at the average. The markup is
 * parsed once and cloned for each product (24 parses of the same HTML would cost the page more).
 */
export function drawStars(span: HTMLElement, rating: Rating, label: Label): void {
  const doc = span.ownerDocument;
  if (!drawing || drawing.ownerDocument !== doc) {
    drawing = doc.createElement("span");
    drawing.innerHTML = '<i aria-hidden="true">★★★★★<i>★★★★★</i></i><b aria-hidden="true"></b>';
  }
  const href = span.dataset.href || "";
  const link = /^(https?:\/\/|\/(?!\/))/i.test(href);
  const box = doc.createElement(link ? "a" : "span");
  box.setAttribute(link ? "href" : "role", link ? href : "img");
  box.setAttribute("aria-label", label(rating.average, rating.count));
  const parts = drawing.cloneNode(true) as HTMLElement;
  const gold = parts.querySelector("i i") as HTMLElement;
  gold.style.width = `${Math.max(0, Math.min(100, (rating.average / 5) * 100))}%`;
  (parts.lastChild as HTMLElement).textContent = ` (${rating.count})`;
  box.append(...Array.from(parts.childNodes));
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
  const groups = new Map<string, Map<string, HTMLElement[]>>();
  for (const span of Array.from(doc.querySelectorAll<HTMLElement>(`[${STARS}]`))) {
    const { companyId, sku, productId, certavisFilled } = span.dataset;
    const key = sku || productId?.toLowerCase();
    if (certavisFilled || !companyId || !key) continue;
    span.dataset.certavisFilled = "1";
    const group = `${companyId}|${sku ? "skus" : "product_ids"}`;
    const keys = groups.get(group) || new Map<string, HTMLElement[]>();
    groups.set(group, keys.set(key, [...(keys.get(key) || []), span]));
  }
  if (groups.size && !doc.querySelector(`[${STYLE_ATTRIBUTE}]`)) {
    const style = doc.createElement("style");
    style.setAttribute(STYLE_ATTRIBUTE, "");
    style.textContent = CSS;
    doc.head.appendChild(style);
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
