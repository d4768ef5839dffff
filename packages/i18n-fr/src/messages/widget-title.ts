/**
 * The widget's title on its own: the embed loader (`/embed.js`, ≤ 2 KB, on shops' pages) needs only
 * this string, not the widget's catalogue and its number formatters.
 */
export const widgetTitle = "Avis clients";
