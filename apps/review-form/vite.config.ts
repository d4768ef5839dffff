import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The production build runs on Preact (same components, a fraction of the size): see formbricks' surveys. */
/**
 * The shared packages do not declare `sideEffects`, so a bundler must keep every module their index
 * reaches (Radix Themes components of @certavis/ui, zod schemas of @certavis/domain). They are pure
 * (rules, strings, components), so unused parts are dropped here.
 */
const pureSharedPackages = (id: string) =>
  /[\\/]packages[\\/](ui|domain|i18n-fr|api-client|form-fields)[\\/]src[\\/].*\.tsx?$/.test(id)
    ? false
    : undefined;

const preactAliases = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: "preact/jsx-runtime" },
];
export default defineConfig(({ command }) => ({
  base: "/create-reviews/",
  plugins: [react()],
  // dedupe: shared packages (packages/ui) resolve Preact from this app, which depends on it.
  resolve: command === "build" ? { alias: preactAliases, dedupe: ["preact"] } : {},
  server: { port: 5174, proxy: { "/api": "http://localhost:3000" } },
  build: {
    target: "es2019",
    rollupOptions: {
      treeshake: { moduleSideEffects: pureSharedPackages },
      input: fileURLToPath(new URL("./index.html", import.meta.url)),
    },
  },
}));
