import { starsLabel } from "@certavis/i18n-fr/messages/stars-label";
import { loaderOrigin } from "./embed-origin";
import { fillStars } from "./listing-stars";

// `/embed.js?stars`: the loader of listing pages, which fills their stars and nothing else (the
// configurator's stars code). Without the widget's code a page compiles and runs less (figures in
// bench/README.md).
// `/embed.js` adds this loader to a page that has star tags: the stars' code is never in it.
const start = () => fillStars(document, loaderOrigin("__CERTAVIS_WIDGET_ORIGIN__", document), starsLabel);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
