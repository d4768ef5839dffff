import { widgetTitle } from "@certavis/i18n-fr/messages/widget-title";
import { loaderOrigin, startEmbed } from "./embed-loader";

// The API writes its widget origin over this mark when it serves /embed.js (apps/api widget-routes.ts).
// `document.currentScript`, the fallback, is only set while this classic script first runs.
startEmbed(window, loaderOrigin("__CERTAVIS_WIDGET_ORIGIN__", document), widgetTitle);
