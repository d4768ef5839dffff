/**
 * The widget part of the embed loader (`/embed.js?widget`, brought by `/embed.js`: embed-first.ts):
 * resizes each widget iframe of the host page (`iframe[data-certavis-frame]` in a
 * `<div data-certavis-widget …>`) to the height its widget posts, turns a bare
 * `<div data-certavis-widget data-company-id=…>` into the widget iframe when its place nears the
 * viewport, and adds a product's JSON-LD to `<head>` for `data-jsonld="1"`. Plain DOM, no dependency:
 * it runs on other companies' pages. Attributes are read with `getAttribute`, nothing is written to the
 * host but its frame; it never reads layout (no forced reflow on the host); heights are applied once
 * per animation frame.
 */
import { HEIGHT_REQUEST, RESIZE_MESSAGE } from "../../lib/embed-messages";
import { FRAME, JSON_LD_HOSTS, NEAR_VIEWPORT, WIDGET } from "./embed-selectors";
import { insertJsonLd } from "./product-jsonld";

export { NEAR_VIEWPORT };
export const DEFAULT_HEIGHT = 520;
/** A host's `data-*` attributes (without `data-`) that the widget takes, as its query (`-` becomes `_`). */
const PARAMS = ["company-id", "product-id", "sku", "show-header", "accent-color"];

export function widgetUrl(origin: string, host: Element): string {
  let query = "";
  for (const name of PARAMS) {
    const value = host.getAttribute(`data-${name}`);
    if (value) query += `${query ? "&" : ""}${name.replace("-", "_")}=${encodeURIComponent(value)}`;
  }
  return `${origin}/widget?${query}`;
}

/** Puts the lazy iframe in its host element now. */
export function insertFrame(doc: Document, host: Element, origin: string, title: string): HTMLIFrameElement {
  const frame = doc.createElement("iframe");
  frame.src = widgetUrl(origin, host);
  frame.title = host.getAttribute("data-title") || title;
  frame.setAttribute("loading", "lazy");
  frame.height = String(DEFAULT_HEIGHT);
  frame.style.cssText = "display:block;width:100%;border:0";
  frame.setAttribute("data-certavis-frame", "");
  host.appendChild(frame);
  return frame;
}

/**
 * A host already handled carries this mark on its JavaScript object (a property, not an attribute: the
 * host's DOM is unchanged), seen by every copy of the loader a page includes.
 */
const HANDLED = Symbol.for("certavis.widget.handled");

/**
 * The widget hosts of the page not handled yet that need an iframe, marked as handled. A host that
 * already holds its iframe (the configurator's code: the browser creates and lazy-loads it while
 * parsing) is only resized, and the selector leaves it out, so such a page has no element touched.
 */
function newHosts(doc: Document): Element[] {
  let found: NodeListOf<Element>;
  try {
    found = doc.querySelectorAll(`${WIDGET}:not(:has(${FRAME}))`);
  } catch {
    found = doc.querySelectorAll(WIDGET); // no :has() (Firefox before 121)
  }
  const hosts: Element[] = [];
  for (let i = 0; i < found.length; i++) {
    const host = found[i] as Element & { [HANDLED]?: true };
    if (host[HANDLED]) continue;
    host[HANDLED] = true;
    if (!host.querySelector(FRAME)) hosts.push(host);
  }
  return hosts;
}

/** Inserts every widget's iframe at once (no viewport wait): what tests mount frames with. */
export function mountWidgets(doc: Document, origin: string, title: string): HTMLIFrameElement[] {
  return newHosts(doc).map((host) => insertFrame(doc, host, origin, title));
}

/**
 * Inserts each widget's iframe when its place comes within NEAR_VIEWPORT of the viewport; `created`
 * runs after each insertion (the loader starts listening for heights then).
 */
export function mountWhenNear(
  win: Window,
  origin: string,
  title: string,
  created: () => void = () => {},
): Element[] {
  const doc = win.document;
  const hosts = newHosts(doc);
  const insert = (host: Element) => {
    insertFrame(doc, host, origin, title);
    created();
  };
  const Observer = (win as Window & { IntersectionObserver?: typeof IntersectionObserver })
    .IntersectionObserver;
  if (!Observer) hosts.forEach(insert);
  else if (hosts.length) {
    const observer = new Observer(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) {
            observer.unobserve(entry.target);
            insert(entry.target);
          }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    for (const host of hosts) observer.observe(host);
  }
  return hosts;
}

/**
 * Accepts a height only from a widget frame of this page served by the loader's own origin, and
 * applies the last one of each frame in the next animation frame (one style change per frame).
 */
export function listenForResize(win: Window, origin: string): () => void {
  const pending = new Map<HTMLIFrameElement, number>();
  const apply = () => {
    pending.forEach((height, frame) => {
      frame.height = String(height);
      // The space the page reserved for the default height (e.g. min-height: 520px) is the frame's now.
      const host = frame.parentElement;
      if (host?.hasAttribute("data-certavis-widget")) host.style.minHeight = "0";
    });
    pending.clear();
  };
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; height?: unknown } | null;
    const height = Number(data?.height);
    if (event.origin !== origin || data?.type !== RESIZE_MESSAGE || !(height > 0 && height < 1 / 0)) return;
    win.document.querySelectorAll<HTMLIFrameElement>(FRAME).forEach((frame) => {
      if (!frame.contentWindow || frame.contentWindow !== event.source) return;
      if (!pending.size) win.requestAnimationFrame(apply);
      pending.set(frame, Math.min(Math.ceil(height), 20000));
    });
  };
  win.addEventListener("message", onMessage);
  // A frame that posted its height before this listener was there posts it again.
  win.document.querySelectorAll<HTMLIFrameElement>(FRAME).forEach((frame) => {
    frame.contentWindow?.postMessage({ type: HEIGHT_REQUEST }, origin);
  });
  return () => win.removeEventListener("message", onMessage);
}

/**
 * Starts the widget part on a page; `origin` is the widget's (see `loaderOrigin`). Returns its stop. The
 * message listener is added once the page holds a widget frame: at once when it already has one (the
 * configurator's code), else when a placeholder's frame is made.
 */
export function startEmbed(win: Window, origin: string, title: string): () => void {
  const doc = win.document;
  let stop: (() => void) | undefined;
  const listen = () => {
    if (!stop && doc.querySelectorAll(FRAME).length) stop = listenForResize(win, origin);
  };
  const start = () => {
    listen();
    if (doc.querySelectorAll(JSON_LD_HOSTS).length) insertJsonLd(doc, origin);
    mountWhenNear(win, origin, title, listen);
  };
  if (doc.readyState === "loading") {
    // A frame already in the page may post its height before the page is parsed: listen at once for it.
    listen();
    doc.addEventListener("DOMContentLoaded", start);
  } else start();
  return () => stop?.();
}
