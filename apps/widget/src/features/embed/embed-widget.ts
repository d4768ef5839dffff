import { widgetTitle } from "@certavis/i18n-fr/messages/widget-title";
import { startEmbed } from "./embed-loader";
import { loaderOrigin } from "./embed-origin";

// `/embed.js?widget`: brought by `/embed.js` (embed-first.ts) to a page that has a widget frame, asks for
// its product's JSON-LD, or has a placeholder near the viewport.
startEmbed(window, loaderOrigin("__CERTAVIS_WIDGET_ORIGIN__", document), widgetTitle);
