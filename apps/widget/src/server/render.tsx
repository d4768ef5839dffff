import { renderToString } from "react-dom/server";
import { INLINE_STATE_ID, serializeInlineState } from "../features/reviews/api/inline-state";
import { errorMessageOf } from "../features/reviews/api/load-reviews";
import type { PublicReviews, WidgetState } from "../features/reviews/api/public-reviews";
import { Widget } from "../features/reviews/components/widget";
import { fr } from "../lib/fr";
import { parseWidgetParams, publicReviewsPath } from "../lib/widget-params";

/** How the server reads an API path in-process (e.g. Fastify's `inject`). */
export type FetchJson = (path: string) => Promise<{ status: number; body: unknown }>;

/** Marks in the widget's index.html that the server fills. */
export const OUTLET_MARK = "<!--certavis:widget-html-->";
export const STATE_MARK = "<!--certavis:widget-state-->";

export async function stateFor(search: string, fetchJson: FetchJson): Promise<WidgetState | null> {
  const params = parseWidgetParams(search);
  if (!params.companyId) return { kind: "error", message: fr.errors.widget.missingCompanyId };
  try {
    const { status, body } = await fetchJson(publicReviewsPath(params));
    if (status >= 200 && status < 300) return { kind: "ready", data: body as PublicReviews };
    // A server failure may be over by the time the script asks again: left to the script.
    if (status >= 500) return null;
    return { kind: "error", message: errorMessageOf(body) };
  } catch {
    return null;
  }
}

/**
 * The widget page with its first state painted in HTML and inlined as JSON, so the reviews show before
 * (and without) any JavaScript; the script then takes over with the same state. When the data cannot be
 * read the page is returned as built and the script loads the reviews itself.
 */
export async function renderWidgetPage(
  indexHtml: string,
  search: string,
  fetchJson: FetchJson,
): Promise<string> {
  const state = await stateFor(search, fetchJson);
  if (!state) return indexHtml;
  const html = renderToString(<Widget params={parseWidgetParams(search)} state={state} />);
  const script = `<script type="application/json" id="${INLINE_STATE_ID}">${serializeInlineState(state)}</script>`;
  return indexHtml.replace(OUTLET_MARK, () => html).replace(STATE_MARK, () => script);
}
