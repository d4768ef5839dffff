import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bundleApi } from "../../bundle.mjs";
import { API_PACKAGE_DIR } from "../../src/paths";

/**
 * `entryPoints` (name → file inside apps/api) bundled as the build bundles the server (bundle.mjs), into a
 * folder of the caller's own (not dist/, which another suite or the e2e build may be rewriting): a child
 * process starts from it in a fraction of a second, where tsx takes seconds to load the same graph through
 * its hooks. The folder lies in apps/api/node_modules/.cache, so the bundle finds the package's
 * dependencies and its folder (src/paths.ts) as dist/ does.
 */
export async function bundleEntries(
  entryPoints: Record<string, string>,
): Promise<{ path(name: string): string; remove(): void }> {
  const parent = join(API_PACKAGE_DIR, "node_modules/.cache");
  mkdirSync(parent, { recursive: true });
  const outdir = mkdtempSync(join(parent, "certavis-test-bundle-"));
  await bundleApi({
    entryPoints: Object.fromEntries(
      Object.entries(entryPoints).map(([name, file]) => [name, join(API_PACKAGE_DIR, file)]),
    ),
    outdir,
  });
  return {
    path: (name) => join(outdir, `${name}.js`),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
