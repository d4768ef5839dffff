import { fr } from "../../../lib/fr";
import { publicReviewsPath, type WidgetParams } from "../../../lib/widget-params";
import type { PublicReviews, WidgetState } from "./public-reviews";

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
    const response = await fetchImpl(publicReviewsPath(params), { headers: { Accept: "application/json" } });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return { kind: "error", message: errorMessageOf(body) };
    return { kind: "ready", data: body as PublicReviews };
  } catch {
    return { kind: "error", message: fr.errors.widget.loadFailed };
  }
}
