import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// `pnpm dev` proxies to the API on 3000; API_URL points elsewhere (e.g. a second local API).
const api = process.env.API_URL ?? "http://localhost:3000";

// The workspace packages are pure modules (their top-level zod schemas have no effect when unused): let the
// bundler drop what a route does not use, so /login does not carry every validator of @certavis/domain.
const pureWorkspaceSource = (id: string) =>
  /\/packages\/(domain|i18n-fr|api-client|ui)\/src\/.*\.tsx?$/.test(id);

const themeTooltipShim = fileURLToPath(new URL("./src/app/theme-tooltip-shim.tsx", import.meta.url));

/** See src/app/theme-tooltip-shim.tsx: only Radix Themes' <Theme> module gets the shim. */
function themeTooltipProvider(): Plugin {
  return {
    name: "certavis:theme-tooltip-provider",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "radix-ui" &&
        importer &&
        /@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/.test(importer)
      )
        return themeTooltipShim;
      return null;
    },
  };
}

export default defineConfig({
  base: "/",
  plugins: [themeTooltipProvider(), react(), tailwindcss()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: api, changeOrigin: true },
      "/uploads": { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !pureWorkspaceSource(id) } },
  },
});
