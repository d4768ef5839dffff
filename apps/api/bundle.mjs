// How the server's bundles are made (build.mjs for dist/, and the tests that start the built server or
// another entry in a process of its own): workspace packages (@certavis/*, including the contract JSON)
// and Ajv (no `exports` map, so its deep imports need bundling) are bundled; every other dependency stays
// external (resolved from apps/api/node_modules, so an `outdir` must lie inside apps/api).
// A `.css` file the server imports is bundled as its text (see css-text.mjs).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { cssText } from "./css-text.mjs";

const here = dirname(fileURLToPath(import.meta.url));

const bundled = ["@certavis/", "ajv", "ajv-formats"];
const externalDependencies = {
  name: "external-dependencies",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      // Whatever a bundled package imports is bundled too (its dependencies are not ours to resolve).
      if (args.importer.includes("/node_modules/")) return undefined;
      if (
        bundled.some((name) =>
          name.endsWith("/")
            ? args.path.startsWith(name)
            : args.path === name || args.path.startsWith(`${name}/`),
        )
      )
        return undefined;
      return { path: args.path, external: true };
    });
  },
};

// The server's page stylesheets (`import style from "./page.css"`) are bundled as their text, minified.
const cssAsText = {
  name: "css-as-text",
  setup(b) {
    b.onLoad({ filter: /\.css$/ }, (args) => ({ contents: cssText(args.path), loader: "text" }));
  },
};

/** Bundles `entryPoints` (name → source file) into `outdir`, as ESM for Node 24. */
export async function bundleApi({ entryPoints, outdir }) {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node24",
    sourcemap: true,
    legalComments: "none",
    logLevel: "warning",
    tsconfig: join(here, "tsconfig.json"),
    plugins: [externalDependencies, cssAsText],
    // Bundled CommonJS (Ajv) may call require() for Node built-ins.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
  });
}
