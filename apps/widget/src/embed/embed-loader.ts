/**
 * The embed loader: turns every `<div data-certavis-widget data-company-id=…>` of the host page into
 * the widget iframe (lazy), then resizes each iframe to the height its widget posts. Plain DOM, no
 * dependency: it runs on other companies' pages and must stay tiny.
 */
export const RESIZE_MESSAGE = "certavis:resize";
export const DEFAULT_HEIGHT = 520;
const MOUNTED = "certavisMounted";

/** data-* attribute → widget query parameter. */
const PARAMS: [keyof DOMStringMap, string][] = [
  ["companyId", "company_id"],
  ["productId", "product_id"],
  ["showHeader", "show_header"],
  ["accentColor", "accent_color"],
];

export function widgetUrl(origin: string, data: DOMStringMap): string {
  const query = new URLSearchParams();
  for (const [key, name] of PARAMS) {
    const value = data[key];
    if (value) query.set(name, value);
  }
  return `${origin}/widget?${query.toString()}`;
}

export function mountWidgets(doc: Document, origin: string, title: string): HTMLIFrameElement[] {
  const frames: HTMLIFrameElement[] = [];
  doc.querySelectorAll<HTMLElement>("[data-certavis-widget]").forEach((host) => {
    if (host.dataset[MOUNTED]) return;
    host.dataset[MOUNTED] = "1";
    const frame = doc.createElement("iframe");
    frame.src = widgetUrl(origin, host.dataset);
    frame.title = host.dataset.title || title;
    frame.setAttribute("loading", "lazy");
    frame.height = String(DEFAULT_HEIGHT);
    frame.style.cssText = "display:block;width:100%;border:0";
    frame.setAttribute("data-certavis-frame", "");
    host.appendChild(frame);
    frames.push(frame);
  });
  return frames;
}

/** Accepts a height only from a widget frame of this page served by the loader's own origin. */
export function listenForResize(win: Window, origin: string): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin) return;
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (!data || data.type !== RESIZE_MESSAGE) return;
    const height = Number(data.height);
    if (!Number.isFinite(height) || height <= 0) return;
    win.document.querySelectorAll<HTMLIFrameElement>("iframe[data-certavis-frame]").forEach((frame) => {
      if (frame.contentWindow && frame.contentWindow === event.source) {
        frame.height = String(Math.min(Math.ceil(height), 20000));
        // The space the page reserved for the default height (e.g. min-height: 520px) is the frame's now.
        const host = frame.parentElement;
        if (host?.hasAttribute("data-certavis-widget")) host.style.minHeight = "0";
      }
    });
  };
  win.addEventListener("message", onMessage);
  return () => win.removeEventListener("message", onMessage);
}

/** Starts the loader on a page; `scriptSrc` is the URL the loader was served from. */
export function startEmbed(win: Window, scriptSrc: string, title: string): void {
  const origin = new URL(scriptSrc, win.location.href).origin;
  listenForResize(win, origin);
  const mount = () => mountWidgets(win.document, origin, title);
  if (win.document.readyState === "loading") win.document.addEventListener("DOMContentLoaded", mount);
  else mount();
}
