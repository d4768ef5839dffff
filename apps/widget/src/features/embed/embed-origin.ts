import { httpSchemeLength } from "../../lib/http-scheme";

/**
 * The widget's origin: the one the API wrote over `served` when it served the file (no element to
 * read), else (a copy of the file) the origin of the loader's own script. Plain string tests, no
 * regular expression or URL parser on the usual path: on a page with no other script, the first use
 * of each costs the page's main thread a tenth of a millisecond or more.
 */
export function loaderOrigin(served: string, doc: Document): string {
  const scheme = httpSchemeLength(served);
  if (scheme > 0 && served.length > scheme && served.indexOf("/", scheme) < 0) return served;
  const script = doc.currentScript as HTMLScriptElement | null;
  const page = doc.location.href;
  // Both are absolute (`src` reads resolved): no base needed.
  return new URL((script && script.src) || page).origin;
}
