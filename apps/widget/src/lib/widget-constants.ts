/** Spec §9, widget. */
export const MAX_REVIEWS = 10;
export const COMMENT_PREVIEW_LENGTH = 150;
/** The carousel replaces the list above this many reviews. */
export const CAROUSEL_THRESHOLD = 3;
export const AUTOPLAY_MS = 4000;
