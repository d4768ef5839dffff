/**
 * V8's file-level compile hint (https://v8.dev/blog/explicit-compile-hints, Chromium 136+; a comment for
 * other engines): as the first line of a script, its functions are compiled with the file rather than
 * parsed again when first called. The build writes it after minification (vite.config.ts);
 * bench/bundle-report.mjs checks that the built files start with it.
 */
export const COMPILE_ALL_HINT = "//# allFunctionsCalledOnLoad";

/** The embed builds whose functions all run at load: the loader and the listing stars, not the widget part. */
export const HINTED_EMBED_BUILDS = ["embed", "embed-stars"];
