/**
 * `/embed.js`, the script every shop's page includes: it only finds out what the page needs and brings
 * that code when it is needed, so that a page pays for no more than it uses (figures in bench/README.md):
 * - its built file stays under 1,024 characters (checked by bench/bundle-report.mjs): Chromium makes
 *   no code cache of a smaller script, and making one held the page's main thread about 0.7 ms a visit;
 *   its first line asks V8 to compile all its functions at once (the build's compile hint: vite.config.ts);
 * - the page is asked by counts (`querySelectorAll(…).length`; only the widget hosts' list is kept, for
 *   the observer), and nothing is written to it but the scripts it needs:
 *   - a page with star tags gets `/embed.js?stars` (the listing stars: embed-stars.ts);
 *   - a page whose widget iframe is already there (the configurator's code), or that asks for its
 *     product's JSON-LD, gets `/embed.js?widget` at once (heights, JSON-LD, frames: embed-widget.ts);
 *   - a page whose widgets are bare placeholders gets one IntersectionObserver, and `/embed.js?widget`
 *     when a placeholder comes within NEAR_VIEWPORT of the viewport (its frame is made then).
 */
import { addScript, FRAME, JSON_LD_HOSTS, NEAR_VIEWPORT, STARS, WIDGET } from "./embed-selectors";

export function startFirst(win: Window, origin: string): void {
  const doc = win.document;
  const count = (selector: string) => doc.querySelectorAll(selector).length;
  const add = (part: string) => addScript(doc, `${origin}/embed.js?${part}`);
  const start = () => {
    if (count(STARS)) add("stars");
    const hosts = doc.querySelectorAll(WIDGET);
    if (!hosts.length) return;
    const Observer = (win as Window & { IntersectionObserver?: typeof IntersectionObserver })
      .IntersectionObserver;
    // A frame to resize now, or a JSON-LD to add now: the widget part at once.
    if (!Observer || count(`${FRAME},${JSON_LD_HOSTS}`)) return add("widget");
    const observer = new Observer(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) {
            observer.disconnect();
            return add("widget");
          }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    for (const host of hosts) observer.observe(host);
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
  else start();
}
