import { createRoot } from "react-dom/client";
import { Widget } from "./components/Widget";
import { readInlineState } from "./lib/inline-state";
import { loadReviews } from "./lib/load-reviews";
import { postHeightToParent } from "./lib/post-height";
import { parseWidgetParams } from "./lib/widget-params";
import "@certavis/ui/light.css";
import "./widget.css";

const container = document.getElementById("root");
if (container) {
  const params = parseWidgetParams(window.location.search);
  const root = createRoot(container);
  const inline = readInlineState();
  root.render(<Widget params={params} state={inline ?? { kind: "loading" }} />);
  if (!inline) {
    void loadReviews(params).then((state) => root.render(<Widget params={params} state={state} />));
  }
  postHeightToParent();
}
