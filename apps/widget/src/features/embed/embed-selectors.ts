/** What the parts of the embed loader look for in a host page, and how they add a part to it. */

export const WIDGET = "[data-certavis-widget]";
export const FRAME = "iframe[data-certavis-frame]";
/** The listing stars' spans (their code: `/embed.js?stars`). */
export const STARS = "[data-certavis-stars]";
/** The widget hosts that ask for their product's JSON-LD in `<head>`. */
export const JSON_LD_HOSTS = '[data-certavis-widget][data-jsonld="1"]';
/** How far ahead of the viewport a placeholder's frame is made (its page is ready when scrolled to). */
export const NEAR_VIEWPORT = "600px 0px";

/**
 * Adds the script `src` to `<head>` unless the page has it already (another loader's, or the page's own).
 * A script added so runs async without its attribute.
 */
export function addScript(doc: Document, src: string): void {
  if (doc.querySelectorAll(`script[src="${src}"]`).length) return;
  const script = doc.createElement("script");
  script.src = src;
  doc.head.appendChild(script);
}
