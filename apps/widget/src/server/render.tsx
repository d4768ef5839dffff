import { renderToString } from "react-dom/server";
import { INLINE_STATE_ID, serializeInlineState } from "../features/reviews/api/inline-state";
import { errorMessageOf } from "../features/reviews/api/load-reviews";
import type { PublicReviews, WidgetState } from "../features/reviews/api/public-reviews";
import { Widget } from "../features/reviews/components/widget";
import { fr } from "../lib/fr";
import {
  parseWidgetParams,
  publicReviewsPath,
  type WidgetParams,
  widgetParamsKey,
} from "../lib/widget-params";

/**
 * How the server reads an API path in-process (e.g. Fastify's `inject`); `etag`, the answer's version
 * when it has one, lets the painted page be reused while the data is the same.
 */
export type FetchJson = (path: string) => Promise<{ status: number; body: unknown; etag?: string }>;

/** Painted pages kept by parameters and data version (the API's own store, least recently used dropped). */
export interface PageMemo {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

/** Marks in the widget's index.html that the server fills. */
export const OUTLET_MARK = "<!--certavis:widget-html-->";
export const STATE_MARK = "<!--certavis:widget-state-->";

/** The widget's first state for a query, and the version of the data it was read from (if any). */
async function readState(
  params: WidgetParams,
  fetchJson: FetchJson,
): Promise<{ state: WidgetState | null; version?: string }> {
  if (!params.companyId) return { state: { kind: "error", message: fr.errors.widget.missingCompanyId } };
  try {
    const { status, body, etag } = await fetchJson(publicReviewsPath(params));
    const version = etag ? `${status} ${etag}` : undefined;
    if (status >= 200 && status < 300)
      return { state: { kind: "ready", data: body as PublicReviews }, version };
    // A server failure may be over by the time the script asks again: left to the script.
    if (status >= 500) return { state: null };
    return { state: { kind: "error", message: errorMessageOf(body) }, version };
  } catch {
    return { state: null };
  }
}

/**
 * The widget page with its first state painted in HTML and inlined as JSON, so the reviews show before
 * (and without) any JavaScript; the script then takes over with the same state. When the data cannot be
 * read the page is returned as built and the script loads the reviews itself. With a `memo`, a page
 * whose data came with a version is painted once per parameters and version (the page is a function of
them; other query parameters do not change it).
 */
export async function renderWidgetPage(
  indexHtml: string,
  search: string,
  fetchJson: FetchJson,
  memo?: PageMemo,
): Promise<string> {
  const params = parseWidgetParams(search);
  const { state, version } = await readState(params, fetchJson);
  if (!state) return indexHtml;
  const key = memo && version ? `${widgetParamsKey(params)}\n${version}` : undefined;
  const painted = key ? memo?.get(key) : undefined;
  if (painted) return painted;
  const html = renderToString(<Widget params={params} state={state} />);
  const script = `<script type="application/json" id="${INLINE_STATE_ID}">${serializeInlineState(state)}</script>`;
  const page = indexHtml.replace(OUTLET_MARK, () => html).replace(STATE_MARK, () => script);
  if (key) memo?.set(key, page);
  return page;
}
