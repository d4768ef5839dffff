// Bundles the server into dist/main.js and its PGlite worker thread into dist/pglite-worker.js (ESM,
// Node 24), as bundle.mjs says.
// Migrations are read at runtime from apps/api/drizzle (found from the bundle's location, see src/paths.ts).
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleApi } from "./bundle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
rmSync(join(here, "dist"), { recursive: true, force: true });

await bundleApi({
  // The embedded database's worker thread is a script of its own (db/pglite-thread.ts finds it
  // next to main.js).
  entryPoints: {
    main: join(here, "src/main.ts"),
    "pglite-worker": join(here, "src/db/pglite-worker.ts"),
  },
  outdir: join(here, "dist"),
});
console.log("apps/api/dist/main.js and pglite-worker.js built");
