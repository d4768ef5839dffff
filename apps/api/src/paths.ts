import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The `apps/api` folder, found by walking up from this module: works from src/ (tsx, vitest) and
 * from the esbuild bundle in dist/, whatever the working directory.
 */
function findApiPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "@certavis/api") return dir;
      } catch {
        // not ours
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Cannot find the @certavis/api package folder.");
    dir = parent;
  }
}

export const API_PACKAGE_DIR = findApiPackageDir();
export const REPO_ROOT = resolve(API_PACKAGE_DIR, "../..");
export const MIGRATIONS_DIR = join(API_PACKAGE_DIR, "drizzle");
export const APP_DIST_DIRS = {
  backoffice: join(REPO_ROOT, "apps/backoffice/dist"),
  reviewForm: join(REPO_ROOT, "apps/review-form/dist"),
  widget: join(REPO_ROOT, "apps/widget/dist"),
} as const;
