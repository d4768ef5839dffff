/**
 * The box a product's stars take on a shop's listing page: the configurator's snippet gives it to the
 * empty span (inline, so it holds before any script runs) and `/embed.js` draws the stars inside it,
 * so filling it moves nothing on the page.
 */
export const LISTING_STARS_BOX = "display:inline-block;width:7.5em;height:1.25em;vertical-align:middle";
