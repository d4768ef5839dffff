import { LISTING_STARS_BOX, normalizeAccentColor } from "@certavis/domain";

/** Spec §9: the plain iframe's height. */
export const IFRAME_HEIGHT = 520;

export interface WidgetConfig {
  companyId: string;
  /** A product id, "all", or "store" (the shop's own reviews). */
  productId: string;
  showHeader: boolean;
  /** As typed: invalid values become #10b981 (spec §5). */
  accentColor: string;
  /** The script also adds the product's JSON-LD to the host page (needs a product). */
  jsonLd: boolean;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const hasProduct = (config: WidgetConfig) =>
  !!config.productId && config.productId !== "all" && config.productId !== "store";

/** The widget shows one product's reviews, or the shop's own (`product_id=store`). */
const selects = (config: WidgetConfig) => hasProduct(config) || config.productId === "store";

/** The widget's address with the embed parameters of spec §9 (`show_header=0` only when hidden). */
export function widgetUrl(origin: string, config: WidgetConfig): string {
  const query = new URLSearchParams({ company_id: config.companyId });
  if (selects(config)) query.set("product_id", config.productId);
  if (!config.showHeader) query.set("show_header", "0");
  query.set("accent_color", normalizeAccentColor(config.accentColor));
  return `${origin}/widget?${query.toString()}`;
}

/** The spec's plain iframe: fixed height 520, lazy, no script on the shop's page. */
export function plainIframeCode(origin: string, config: WidgetConfig, title: string): string {
  const src = escapeAttribute(widgetUrl(origin, config));
  return `<iframe src="${src}" width="100%" height="${IFRAME_HEIGHT}" style="border:0" title="${escapeAttribute(title)}" loading="lazy"></iframe>`;
}

/**
 * The `/embed.js` form: the same lazy iframe in a placeholder the loader resizes to the widget's
 * height (and fills with JSON-LD with `data-jsonld`). The iframe is in the code, not created by the
 * script, so the shop's page pays no script for it (bench/widget-lighthouse.mjs).
 */
export function scriptEmbedCode(origin: string, config: WidgetConfig, title: string): string {
  const attributes = [`data-company-id="${escapeAttribute(config.companyId)}"`];
  if (selects(config)) attributes.push(`data-product-id="${escapeAttribute(config.productId)}"`);
  if (config.jsonLd && hasProduct(config)) attributes.push('data-jsonld="1"');
  const src = escapeAttribute(widgetUrl(origin, config));
  return [
    `<div data-certavis-widget ${attributes.join(" ")}>`,
    `<iframe data-certavis-frame src="${src}" width="100%" height="${IFRAME_HEIGHT}" style="border:0;display:block" title="${escapeAttribute(title)}" loading="lazy"></iframe>`,
    "</div>",
    `<script src="${escapeAttribute(origin)}/embed.js" async></script>`,
  ].join("\n");
}

/** The JSON-LD endpoint a shop's server reads for one product (null without a product). */
export function jsonLdUrl(origin: string, apiBase: string, config: WidgetConfig): string | null {
  if (!hasProduct(config)) return null;
  const query = new URLSearchParams({ company_id: config.companyId, product_id: config.productId });
  return `${origin}${apiBase}/public/reviews/jsonld/?${query.toString()}`;
}

/** The company's public review page, on the server's own origin. */
export function publicPageUrl(origin: string, slug: string): string {
  return `${origin}/avis/${slug}`;
}

/** The badge (an SVG image, no script) linked to the public page; its size is fixed so nothing moves. */
export function badgeCode(
  origin: string,
  apiBase: string,
  companyId: string,
  slug: string,
  alt: string,
): string {
  const src = `${origin}${apiBase}/public/badge.svg?company_id=${encodeURIComponent(companyId)}`;
  return `<a href="${escapeAttribute(publicPageUrl(origin, slug))}"><img src="${escapeAttribute(src)}" width="180" height="60" alt="${escapeAttribute(alt)}"></a>`;
}

/**
 * The stars of one product on a listing page: by the chosen product's id, linked to its public
 * page, or by a SKU to fill in when no product is chosen; then the loader, once per page.
 */
export function starsCode(
  origin: string,
  apiOrigin: string,
  config: WidgetConfig,
  slug: string,
  skuPlaceholder: string,
): string {
  const key = hasProduct(config)
    ? `data-product-id="${escapeAttribute(config.productId)}" data-href="${escapeAttribute(`${publicPageUrl(apiOrigin, slug)}/produits/${config.productId}`)}"`
    : `data-sku="${escapeAttribute(skuPlaceholder)}"`;
  return [
    `<span data-certavis-stars data-company-id="${escapeAttribute(config.companyId)}" ${key} style="${LISTING_STARS_BOX}"></span>`,
    // The listing pages' loader: their stars alone, without the widget's code.
    `<script src="${escapeAttribute(origin)}/embed.js?stars" async></script>`,
  ].join("\n");
}

/** Google's Product Reviews feed of the company, for Merchant Center. */
export function googleFeedUrl(apiOrigin: string, apiBase: string, companyId: string): string {
  return `${apiOrigin}${apiBase}/public/feeds/google-product-reviews.xml?company_id=${encodeURIComponent(companyId)}`;
}

/** Google's Merchant Review Feeds (store ratings) of the company. */
export function googleMerchantFeedUrl(apiOrigin: string, apiBase: string, companyId: string): string {
  return `${apiOrigin}${apiBase}/public/feeds/google-merchant-reviews.xml?company_id=${encodeURIComponent(companyId)}`;
}
