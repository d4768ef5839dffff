import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { COMPILE_ALL_HINT, HINTED_EMBED_BUILDS } from "./src/features/embed/compile-hint";

const root = fileURLToPath(new URL(".", import.meta.url));
const outDir = fileURLToPath(new URL("./dist", import.meta.url));

/** The production builds run on Preact (same components, a fraction of the size): see formbricks' surveys. */
/**
 * The shared packages do not declare `sideEffects`, so a bundler must keep every module their index
 * reaches (Radix Themes components of @certavis/ui, zod schemas of @certavis/domain). They are pure
 * (rules, strings, components), so unused parts are dropped here.
 */
const pureSharedPackages = (id: string) =>
  /[\\/]packages[\\/](ui|domain|i18n-fr|api-client)[\\/]src[\\/].*\.tsx?$/.test(id) ? false : undefined;

const preactAliases = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: "preact/jsx-runtime" },
];
/**
 * `vite build` also produces, once the page build is done:
 * - `dist/embed.js`, the loader host pages include (a classic script, no hash in its name, under 1 KB),
 *   and the parts it brings to the pages that need them: `dist/embed-widget.js` (served as
 *   `/embed.js?widget`: frames, heights, JSON-LD) and `dist/embed-stars.js` (`/embed.js?stars`);
 * - `dist/server/render.mjs`, the pre-renderer the API uses to paint the first reviews without JS (`.mjs`:
 *   an ES module wherever the dist folder is copied, with or without this package.json).
 */
function extraBuilds(): Plugin {
  return {
    name: "certavis:extra-builds",
    apply: "build",
    async closeBundle() {
      // One build an entry: a classic (iife) script has one.
      for (const name of ["embed", "embed-widget", "embed-stars"])
        await build({
          configFile: false,
          root,
          logLevel: "warn",
          build: {
            outDir,
            emptyOutDir: false,
            target: "es2019",
            lib: {
              entry: fileURLToPath(new URL(`./src/features/embed/${name}.ts`, import.meta.url)),
              formats: ["iife"],
              name: "certavisEmbed",
              fileName: () => `${name}.js`,
            },
            // The compile hint after minification, which drops comments: the loader's own script on issue
            // 43's page 1.53 → 1.16 ms, the stars' CPU on a listing page 1.6–2.3 → 1.2–1.5 ms (bench/README.md).
            ...(HINTED_EMBED_BUILDS.includes(name)
              ? { rolldownOptions: { output: { postBanner: COMPILE_ALL_HINT } } }
              : {}),
          },
        });
      await build({
        configFile: false,
        root,
        logLevel: "warn",
        plugins: [react()],
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        ssr: { noExternal: true },
        build: {
          outDir: `${outDir}/server`,
          emptyOutDir: true,
          ssr: fileURLToPath(new URL("./src/server/render.tsx", import.meta.url)),
          rollupOptions: {
            treeshake: { moduleSideEffects: pureSharedPackages },
            output: { entryFileNames: "render.mjs", format: "es" },
          },
        },
      });
    },
  };
}

/**
 * The pages' stylesheets go inline: in a frame, Chromium paints the server-rendered reviews before an
 * external stylesheet arrives (measured: a layout shift of ~1 inside the frame, 0.16 for the host page
 * in Lighthouse). Inline, the first paint is the styled one; the CSS is small (~1.5 KB gzip).
 */
function inlineStylesheets(): Plugin {
  return {
    name: "certavis:inline-stylesheets",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const inlined = new Set<string>();
      for (const page of Object.values(bundle)) {
        if (page.type !== "asset" || !page.fileName.endsWith(".html")) continue;
        page.source = String(page.source).replace(
          /<link rel="stylesheet"[^>]*href="\/widget\/([^"]+\.css)"[^>]*>/g,
          (link, fileName: string) => {
            const css = bundle[fileName];
            if (css?.type !== "asset") return link;
            inlined.add(fileName);
            return `<style>${String(css.source).replace(/<\/style/gi, "<\\/style")}</style>`;
          },
        );
      }
      for (const fileName of inlined) delete bundle[fileName];
    },
  };
}

export default defineConfig(({ command }) => ({
  base: "/widget/",
  plugins: [react(), extraBuilds(), inlineStylesheets()],
  // dedupe: shared packages (packages/ui) resolve Preact from this app, which depends on it.
  resolve: command === "build" ? { alias: preactAliases, dedupe: ["preact"] } : {},
  server: { port: 5175, proxy: { "/api": "http://localhost:3000" } },
  build: {
    // Optional chaining and `??` as written (Safari 13.1 / iOS 13.4 and later): a smaller page script.
    target: "es2020",
    // No modulepreload polyfill in the page's small eager script: the interactive chunk it imports at
    // the first interaction has no dependencies to preload.
    modulePreload: false,
    rollupOptions: {
      treeshake: { moduleSideEffects: pureSharedPackages },
      input: {
        main: fileURLToPath(new URL("./index.html", import.meta.url)),
        fonctionnement: fileURLToPath(new URL("./fonctionnement/index.html", import.meta.url)),
      },
    },
  },
}));
