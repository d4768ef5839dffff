import { apiUrl } from "@certavis/api-client/typed-fetch";

export type StoreSubmitResult = { ok: true } | { ok: false; status: number; body: unknown };

/** Sends the buyer's review of the shop (`POST /review/store/?api_key=`): whole stars, title, comment. */
export async function submitStoreReview(
  apiKey: string,
  answer: { rating: number; title: string; comment: string },
  fetchImpl: typeof fetch = fetch,
): Promise<StoreSubmitResult> {
  try {
    const response = await fetchImpl(apiUrl("/review/store/", { api_key: apiKey }), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(answer),
    });
    if (response.ok) return { ok: true };
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return { ok: false, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}
