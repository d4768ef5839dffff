// `pnpm dev` (tsx): a `.css` file the server imports is its text, as in the build (see css-text.mjs).
// Registered with `--import`.
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import { cssTextModule } from "./css-text.mjs";

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith("file:") || !new URL(url).pathname.endsWith(".css")) return nextLoad(url, context);
    return { format: "module", source: cssTextModule(fileURLToPath(url)), shortCircuit: true };
  },
});
