/** What the widget frame and the embed loader of its host page say to each other (`postMessage`). */

/** The frame → its host page: `{ type, height }`, the widget's height in CSS pixels. */
export const RESIZE_MESSAGE = "certavis:resize";
/**
 * The host page → a widget frame: `{ type }`, "post your height again". The loader's widget part may
 * start after the frame posted its first height (it is fetched while the frame loads): it asks then.
 */
export const HEIGHT_REQUEST = "certavis:height";
