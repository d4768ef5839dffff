const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "webp", "svg", "avif", "bmp", "ico", "apng"]);

/** Extensions that point at code or documents, never at a logo. */
const REJECTED_EXTENSIONS = new Set([
  "js",
  "mjs",
  "cjs",
  "ts",
  "tsx",
  "jsx",
  "mts",
  "cts",
  "css",
  "scss",
  "sass",
  "less",
  "html",
  "htm",
  "php",
  "map",
  "json",
  "xml",
  "vue",
  "svelte",
  "py",
  "rb",
  "sh",
  "wasm",
  "txt",
  "md",
]);

const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*(;base64)?,/i;

/** Last extension of the URL path (query and fragment ignored), lower-cased; '' when none. */
function pathExtension(path: string): string {
  const clean = path.split(/[?#]/, 1)[0] ?? "";
  const lastSegment = clean.split("/").pop() ?? "";
  const dot = lastSegment.lastIndexOf(".");
  return dot >= 0 ? lastSegment.slice(dot + 1).toLowerCase() : "";
}

function isAcceptableExtension(path: string): boolean {
  const extension = pathExtension(path);
  if (extension === "") return true;
  if (REJECTED_EXTENSIONS.has(extension)) return false;
  return IMAGE_EXTENSIONS.has(extension);
}

/**
 * A logo is shown only when it is an image data URL, or an http(s), blob or root-relative URL whose path
 * has an image extension or none. `javascript:`, `data:text/html`, protocol-relative URLs and
 * script/style/source paths are refused.
 */
export function isAcceptableLogoUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const url = value.trim();
  if (url === "" || /\s/.test(url)) return false;
  if (/^data:/i.test(url)) return IMAGE_DATA_URL.test(url);
  // Object URLs of a picked file: 'blob:<origin>/<uuid>' (origin 'null' for opaque origins).
  if (/^blob:/i.test(url)) return /^blob:(https?:\/\/[^/]+|null)\/[\w-]+$/i.test(url);
  if (url.startsWith("/")) {
    if (url.startsWith("//") || url.includes("\\")) return false;
    return isAcceptableExtension(url);
  }
  // No URL global here (the package runs without DOM types): split 'scheme://host/path' by hand.
  const absolute = /^https?:\/\/([^/?#@]+)(\/[^?#]*)?([?#].*)?$/i.exec(url);
  if (absolute) return isAcceptableExtension(absolute[2] ?? "/");
  return false;
}

/** The URL itself when acceptable, else null (for `src` attributes). */
export function safeLogoUrl(value: unknown): string | null {
  return isAcceptableLogoUrl(value) ? (value as string).trim() : null;
}
