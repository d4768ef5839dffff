import { getJson } from "@certavis/api-client/typed-fetch";
import { fr } from "../../../lib/fr";
import type { WidgetParams } from "../../../lib/widget-params";
import type { WidgetState } from "./public-reviews";

/** The server's `detail` when the error body has one (spec §8), else the widget's fallback. */
export function errorMessageOf(body: unknown): string {
  if (body && typeof body === "object" && "detail" in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === "string" && detail.trim()) return detail;
  }
  return fr.errors.widget.loadFailed;
}

export async function loadReviews(
  params: WidgetParams,
  fetchImpl: typeof fetch = fetch,
): Promise<WidgetState> {
  if (!params.companyId) return { kind: "error", message: fr.errors.widget.missingCompanyId };
  try {
    const result = await getJson(
      "/public/reviews/",
      { company_id: params.companyId, ...(params.productId ? { product_id: params.productId } : {}) },
      fetchImpl,
    );
    if (!result.ok) return { kind: "error", message: errorMessageOf(result.body) };
    return { kind: "ready", data: result.data };
  } catch {
    return { kind: "error", message: fr.errors.widget.loadFailed };
  }
}
