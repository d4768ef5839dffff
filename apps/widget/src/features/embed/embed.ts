import { widgetTitle } from "@certavis/i18n-fr/messages/widget-title";
import { startEmbed } from "./embed-loader";

// `document.currentScript` is only set while this classic script first runs.
const script = document.currentScript as HTMLScriptElement | null;
startEmbed(window, script?.src || window.location.href, widgetTitle);
