import { join, sep } from "node:path";

type SetHeaders = (res: { setHeader(name: string, value: string): void }, path: string) => void;

/**
 * `setHeaders` of a front-end build served by @fastify/static: files under `assets/` carry a hash in their
 * name and are cached for good; the others for `otherMaxAgeSeconds` (0: checked on each use). Register
 * with `cacheControl: false`, or @fastify/static's own Cache-Control header replaces this one.
 */
export function buildCacheHeaders(distDir: string, otherMaxAgeSeconds = 0): SetHeaders {
  const hashedAssets = join(distDir, "assets") + sep;
  const other = otherMaxAgeSeconds > 0 ? `public, max-age=${otherMaxAgeSeconds}` : "no-cache";
  return (res, path) => {
    res.setHeader(
      "cache-control",
      path.startsWith(hashedAssets) ? "public, max-age=31536000, immutable" : other,
    );
  };
}
