import { INLINE_STATE_ID } from "./features/reviews/api/inline-state";
import { startLightCarousel } from "./features/reviews/light-carousel";
import { holdClicks } from "./lib/hold-clicks";
import { onFirstInteraction } from "./lib/on-first-interaction";
import { postHeightToParent } from "./lib/post-height";
import { whenIdle } from "./lib/when-idle";
import "@certavis/ui/light.css";
import "./widget.css";

/**
 * The page's only eager script: the height for the embed loader. Reviews painted by the server (HTML
 * and inline CSS) are read without any script; on idle a few lines turn the carousel, and the
 * interactive widget (Preact: dialog, buttons) is fetched and takes over at the visitor's first
 * pointer, touch, focus or key. Without painted reviews it starts at once.
 */
postHeightToParent();
const start = (afterwards = () => {}) =>
  void import("./start-widget").then((module) => {
    module.startWidget();
    afterwards();
  });
if (document.getElementById(INLINE_STATE_ID)) {
  const releaseClicks = holdClicks(document);
  let stopCarousel = () => {};
  whenIdle(() => {
    stopCarousel = startLightCarousel();
  });
  onFirstInteraction(document, () => {
    stopCarousel();
    start(releaseClicks);
  });
} else start();
