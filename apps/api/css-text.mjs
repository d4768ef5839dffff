// The server's page stylesheets: a `.css` file next to a page's component, imported as its text
// (`import style from "./page.css"`), minified. One rule for the three ways the server's code is loaded:
// the build (build.mjs), the tests (vitest.config.ts) and `pnpm dev` (css-text-hooks.mjs).
import { readFileSync } from "node:fs";
import { transformSync } from "esbuild";

/** The stylesheet at `path`, minified. */
export function cssText(path) {
  return transformSync(readFileSync(path, "utf8"), { loader: "css", minify: true }).code.trim();
}

/** The stylesheet at `path` as an ES module whose default export is its text. */
export function cssTextModule(path) {
  return `export default ${JSON.stringify(cssText(path))};`;
}
