import { apiUrl } from "@certavis/api-client/typed-fetch";
import { normalizeAccentColor } from "@certavis/domain";

export interface WidgetParams {
  companyId: string | null;
  productId: string | null;
  /** A product's SKU in place of `productId` (theme templates know the SKU). */
  sku: string | null;
  showHeader: boolean;
  accentColor: string;
}

/** Reads the embed parameters of spec §9 (`product_id=all` means no filter; header shown unless 0 or false). */
export function parseWidgetParams(search: string | URLSearchParams): WidgetParams {
  const query = typeof search === "string" ? new URLSearchParams(search) : search;
  const companyId = query.get("company_id")?.trim() || null;
  const product = query.get("product_id")?.trim() || null;
  const showHeader = query.get("show_header")?.trim().toLowerCase();
  return {
    companyId,
    productId: product && product.toLowerCase() !== "all" ? product : null,
    sku: query.get("sku")?.trim() || null,
    showHeader: showHeader !== "0" && showHeader !== "false",
    accentColor: normalizeAccentColor(query.get("accent_color")),
  };
}

/**
 * The parameters as one string, for what depends on them only (the server's painted pages): any other
 * query parameter (a tracking tag, a cache buster) and any spelling of the same value give the same key.
 */
export function widgetParamsKey(params: WidgetParams): string {
  return JSON.stringify([
    params.companyId,
    params.productId,
    params.productId ? null : params.sku,
    params.showHeader,
    params.accentColor,
  ]);
}

/** The public reviews URL for these parameters (relative to the API origin). */
export function publicReviewsPath(params: WidgetParams): string {
  return apiUrl("/public/reviews/", {
    company_id: params.companyId ?? "",
    ...(params.productId ? { product_id: params.productId } : params.sku ? { sku: params.sku } : {}),
  });
}
