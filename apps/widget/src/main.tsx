import { INLINE_STATE_ID } from "./features/reviews/api/inline-state";
import { startLightCarousel } from "./features/reviews/light-carousel";
import { holdClicks } from "./lib/hold-clicks";
import { onFirstInteraction } from "./lib/on-first-interaction";
import { postHeightToParent } from "./lib/post-height";
import { AUTOPLAY_MS } from "./lib/widget-constants";
import "@certavis/ui/light.css";
import "./widget.css";

/**
 * The page's only eager script: the height for the embed loader. Reviews painted by the server (HTML
 * and inline CSS) are read without any script; when its first step is due a few lines turn the carousel, and the
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
  // The autoplay has nothing to do before its first step: set up only then, out of the page's load.
  let stopCarousel = () => {};
  const carouselTimer = setTimeout(() => {
    stopCarousel = startLightCarousel(document, AUTOPLAY_MS, true);
  }, AUTOPLAY_MS);
  onFirstInteraction(document, () => {
    clearTimeout(carouselTimer);
    stopCarousel();
    start(releaseClicks);
  });
} else start();
