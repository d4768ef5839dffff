/**
 * The embed loader: resizes each widget iframe of the host page (`iframe[data-certavis-frame]` in a
 * `<div data-certavis-widget …>`) to the height its widget posts, and turns a bare
 * `<div data-certavis-widget data-company-id=…>` into the widget iframe. Plain DOM, no
 * dependency: it runs on other companies' pages and must cost them nothing measurable.
 * - a bare placeholder's iframe is created only when its place nears the viewport (IntersectionObserver), so a widget
 *   below the fold costs the page no frame, no request and no script while the page loads;
 * - it never reads layout (no forced reflow on the host); height messages are applied once per frame;
 * - `data-jsonld="1"` (with a product) adds the product's JSON-LD to the host's `<head>`, once;
 * - the stars of listing pages are another file (`/embed.js?stars`), added only to a page that has them.
 *
 * On a page with no other script, each kind of object a script first touches (an element, a
 * `dataset`, a URLSearchParams) costs the page's main thread its bindings, and every task the loader
 * leaves is one more the page can be descheduled in: so the page is asked by counts
 * (`querySelectorAll(…).length`, no element returned) until there is a placeholder to fill, attributes
 * are read with `getAttribute`, and nothing is written to the host's elements (figures in bench/README.md).
 */
import { httpSchemeLength } from "../../lib/http-scheme";

export const RESIZE_MESSAGE = "certavis:resize";
export const DEFAULT_HEIGHT = 520;
/** How far ahead of the viewport the frame is created (its page is ready when scrolled to). */
export const NEAR_VIEWPORT = "600px 0px";
const FRAME_ATTRIBUTE = "data-certavis-frame";
/** The listing stars' spans; their code is `/embed.js?stars` (embed-stars.ts). */
const STARS = "[data-certavis-stars]";
export const JSON_LD_ATTRIBUTE = "data-certavis-jsonld";

/** A host's data-* attributes, by their `dataset` names. */
export type HostData = Partial<Record<string, string | null>>;

/** data-* attribute (its `dataset` name, its name) → widget query parameter. */
const PARAMS: [string, string, string][] = [
  ["companyId", "data-company-id", "company_id"],
  ["productId", "data-product-id", "product_id"],
  ["sku", "data-sku", "sku"],
  ["showHeader", "data-show-header", "show_header"],
  ["accentColor", "data-accent-color", "accent_color"],
];

export function widgetUrl(origin: string, data: HostData): string {
  const query: string[] = [];
  for (const [key, , name] of PARAMS) {
    const value = data[key];
    if (value) query.push(`${name}=${encodeURIComponent(value)}`);
  }
  return `${origin}/widget?${query.join("&")}`;
}

/** The host's attributes its widget is made of, read (never written, no `dataset` object). */
function hostData(host: Element): HostData {
  const data: HostData = { title: host.getAttribute("data-title"), jsonld: host.getAttribute("data-jsonld") };
  for (const [key, attribute] of PARAMS) data[key] = host.getAttribute(attribute);
  return data;
}

/** The JSON-LD endpoint for a host element, or null when it asks for none (or names no product). */
export function jsonLdUrl(origin: string, data: HostData): string | null {
  const product = data.productId;
  if (data.jsonld !== "1" || !data.companyId || !product || product === "all" || product === "store")
    return null;
  return `${origin}/api/v1/public/reviews/jsonld/?company_id=${encodeURIComponent(data.companyId)}&product_id=${encodeURIComponent(product)}`;
}

/** Puts the iframe in its host element now. */
export function insertFrame(doc: Document, host: Element, origin: string, title: string): HTMLIFrameElement {
  const data = hostData(host);
  const frame = doc.createElement("iframe");
  frame.src = widgetUrl(origin, data);
  frame.title = data.title || title;
  frame.setAttribute("loading", "lazy");
  frame.height = String(DEFAULT_HEIGHT);
  frame.style.cssText = "display:block;width:100%;border:0";
  frame.setAttribute(FRAME_ATTRIBUTE, "");
  host.appendChild(frame);
  return frame;
}

const WIDGET = "[data-certavis-widget]";
const FRAME = `iframe[${FRAME_ATTRIBUTE}]`;
/** The hosts that need an iframe (the configurator's code holds one: the browser lazy-loads it). */
const BARE_HOSTS = `${WIDGET}:not(:has(${FRAME}))`;

/**
 * A host already handled carries this mark on its JavaScript object (a property, not an attribute: the
 * host's DOM is unchanged), seen by every copy of the loader a page includes.
 */
const HANDLED = Symbol.for("certavis.widget.handled");
type Marked = Element & { [HANDLED]?: true };

/**
 * The widget hosts of the page not handled yet that need an iframe, marked as handled. A host that
 * already holds its iframe (the configurator's code: the browser creates and lazy-loads it while
 * parsing, at no script cost) is only resized, and the selector leaves it out: on such a page the
 * loader touches no element while the page loads (on a page with no other script, the first element
 * a script touches costs it about a millisecond of bindings).
 */
function newHosts(doc: Document): Element[] {
  let found: NodeListOf<Element>;
  try {
    found = doc.querySelectorAll(BARE_HOSTS);
  } catch {
    found = doc.querySelectorAll(WIDGET); // no :has() (Firefox before 121)
  }
  const hosts: Element[] = [];
  for (let i = 0; i < found.length; i++) {
    const host = found[i] as Marked;
    if (host[HANDLED]) continue;
    host[HANDLED] = true;
    if (!host.querySelector(FRAME)) hosts.push(host);
  }
  return hosts;
}

/** Inserts every widget's iframe at once (no viewport wait): the loader's fallback, and tests. */
export function mountWidgets(doc: Document, origin: string, title: string): HTMLIFrameElement[] {
  return newHosts(doc).map((host) => insertFrame(doc, host, origin, title));
}

/** Inserts each widget's iframe when its place comes within NEAR_VIEWPORT of the viewport. */
export function mountWhenNear(win: Window, origin: string, title: string): Element[] {
  const doc = win.document;
  const hosts = newHosts(doc);
  if (hosts.length === 0) return hosts;
  const Observer = (win as Window & { IntersectionObserver?: typeof IntersectionObserver })
    .IntersectionObserver;
  if (typeof Observer !== "function") {
    for (const host of hosts) insertFrame(doc, host, origin, title);
    return hosts;
  }
  const observer = new Observer(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        insertFrame(doc, entry.target, origin, title);
      }
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  for (const host of hosts) observer.observe(host);
  return hosts;
}

const JSON_LD_HOSTS = `${WIDGET}[data-jsonld="1"]`;

/**
 * Adds the JSON-LD of each host that asks for it (`data-jsonld="1"`) to `<head>`, once per product
 * and page. The body is text given to `textContent`: never parsed as HTML.
 */
export function insertJsonLd(
  doc: Document,
  origin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void>[] {
  const done: Promise<void>[] = [];
  const hosts = doc.querySelectorAll(JSON_LD_HOSTS);
  for (let i = 0; i < hosts.length; i++) {
    const url = jsonLdUrl(origin, hostData(hosts[i] as Element));
    if (!url) continue;
    const added = doc.head.querySelectorAll(`script[${JSON_LD_ATTRIBUTE}]`);
    if (Array.from(added).some((old) => old.getAttribute(JSON_LD_ATTRIBUTE) === url)) continue;
    const script = doc.createElement("script");
    script.type = "application/ld+json";
    script.setAttribute(JSON_LD_ATTRIBUTE, url);
    doc.head.appendChild(script);
    done.push(
      fetchImpl(url)
        .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
        .then(
          (text) => {
            script.textContent = text;
          },
          () => script.remove(),
        ),
    );
  }
  return done;
}

/**
 * Adds the listing stars' own loader (`/embed.js?stars`, which fills them) to a page that has star
 * tags and does not include it yet: a page with the widget alone never downloads the stars' code.
 */
export function loadStars(doc: Document, origin: string): void {
  const src = `${origin}/embed.js?stars`;
  if (doc.querySelectorAll(`script[src="${src}"]`).length > 0) return;
  const script = doc.createElement("script");
  script.src = src;
  script.async = true;
  doc.head.appendChild(script);
}

/**
 * Accepts a height only from a widget frame of this page served by the loader's own origin, and
 * applies the last one of each frame in the next animation frame (one style change per frame).
 */
export function listenForResize(win: Window, origin: string): () => void {
  const pending = new Map<HTMLIFrameElement, number>();
  let scheduled = false;
  const apply = () => {
    scheduled = false;
    for (const [frame, height] of pending) {
      frame.height = String(height);
      // The space the page reserved for the default height (e.g. min-height: 520px) is the frame's now.
      const host = frame.parentElement;
      if (host?.hasAttribute("data-certavis-widget")) host.style.minHeight = "0";
    }
    pending.clear();
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin) return;
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (!data || data.type !== RESIZE_MESSAGE) return;
    const height = Number(data.height);
    if (!Number.isFinite(height) || height <= 0) return;
    win.document.querySelectorAll<HTMLIFrameElement>(FRAME).forEach((frame) => {
      if (!frame.contentWindow || frame.contentWindow !== event.source) return;
      pending.set(frame, Math.min(Math.ceil(height), 20000));
      if (scheduled) return;
      scheduled = true;
      if (typeof win.requestAnimationFrame === "function") win.requestAnimationFrame(apply);
      else apply();
    });
  };
  win.addEventListener("message", onMessage);
  return () => win.removeEventListener("message", onMessage);
}

/**
 * The widget's origin: the one the API wrote over `served` when it served /embed.js (no element to
 * read), else (a copy of the file) the origin of the loader's own script. Plain string tests, no
 * regular expression or URL parser on the usual path: on a page with no other script, the first use
 * of each costs the page's main thread a tenth of a millisecond or more.
 */
export function loaderOrigin(served: string, doc: Document): string {
  const scheme = httpSchemeLength(served);
  if (scheme > 0 && served.length > scheme && served.indexOf("/", scheme) < 0) return served;
  const script = doc.currentScript as HTMLScriptElement | null;
  return new URL(script?.src || doc.location.href, doc.location.href).origin;
}

/**
 * Starts the loader on a page; `origin` is the widget's (see `loaderOrigin`). Returns its stop. A page
 * without a widget (a listing page with stars only) gets no message listener and no widget work at all;
 * a page with star tags gets the stars' loader.
 */
export function startEmbed(win: Window, origin: string, title: string): () => void {
  const doc = win.document;
  let stop: (() => void) | undefined;
  const listen = () => {
    if (!stop && doc.querySelectorAll(WIDGET).length > 0) stop = listenForResize(win, origin);
    return stop !== undefined;
  };
  const start = () => {
    if (doc.querySelectorAll(STARS).length > 0) loadStars(doc, origin);
    if (!listen()) return;
    if (doc.querySelectorAll(JSON_LD_HOSTS).length > 0) insertJsonLd(doc, origin);
    mountWhenNear(win, origin, title);
  };
  if (doc.readyState === "loading") {
    // A frame already in the page may post its height before the page is parsed: listen at once for it.
    listen();
    doc.addEventListener("DOMContentLoaded", start);
  } else start();
  return () => stop?.();
}
