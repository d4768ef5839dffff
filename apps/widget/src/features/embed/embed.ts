import { startFirst } from "./embed-first";
import { loaderOrigin } from "./embed-origin";

// `/embed.js`. The API writes its widget origin over this mark when it serves the loader's files
// (apps/api widget-routes.ts); `document.currentScript`, the fallback, is only set while a classic
// script first runs.
startFirst(window, loaderOrigin("__CERTAVIS_WIDGET_ORIGIN__", document));
