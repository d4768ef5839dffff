import { createRoot, hydrateRoot } from "react-dom/client";
import { readInlineState } from "./features/reviews/api/inline-state";
import { loadReviews } from "./features/reviews/api/load-reviews";
import { Widget } from "./features/reviews/components/widget";
import { parseWidgetParams } from "./lib/widget-params";

/**
 * The interactive widget (dialog, carousel): it takes over the reviews the server painted (hydration,
 * same state), or loads them itself when the page came without them.
 */
export function startWidget(doc: Document = document): void {
  const container = doc.getElementById("root");
  if (!container) return;
  const params = parseWidgetParams(doc.location.search);
  const inline = readInlineState(doc);
  if (inline) {
    // The slide the light autoplay reached, so that the carousel does not jump back to the first one.
    const carouselStart = Number(doc.querySelector<HTMLElement>(".cw-carousel")?.dataset.index) || 0;
    hydrateRoot(container, <Widget params={params} state={inline} carouselStart={carouselStart} />);
    return;
  }
  const root = createRoot(container);
  root.render(<Widget params={params} state={{ kind: "loading" }} />);
  void loadReviews(params).then((state) => root.render(<Widget params={params} state={state} />));
}
