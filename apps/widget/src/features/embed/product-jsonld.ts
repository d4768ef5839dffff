import { JSON_LD_HOSTS } from "./embed-selectors";

// A product's JSON-LD in the host page's `<head>`, for the widget hosts with `data-jsonld="1"`
// (part of `/embed.js?widget`).

export const JSON_LD_ATTRIBUTE = "data-certavis-jsonld";

/** The JSON-LD endpoint for a widget host, or null when it asks for none (or names no product). */
export function jsonLdUrl(origin: string, host: Element): string | null {
  const company = host.getAttribute("data-company-id");
  const product = host.getAttribute("data-product-id");
  if (
    host.getAttribute("data-jsonld") !== "1" ||
    !company ||
    !product ||
    product === "all" ||
    product === "store"
  )
    return null;
  return `${origin}/api/v1/public/reviews/jsonld/?company_id=${encodeURIComponent(company)}&product_id=${encodeURIComponent(product)}`;
}

/**
 * Adds the JSON-LD of each host that asks for it to `<head>`, once per product and page. The body is
 * text given to `textContent`: never parsed as HTML.
 */
export function insertJsonLd(
  doc: Document,
  origin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void>[] {
  const done: Promise<void>[] = [];
  const hosts = doc.querySelectorAll(JSON_LD_HOSTS);
  for (let i = 0; i < hosts.length; i++) {
    const url = jsonLdUrl(origin, hosts[i] as Element);
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
