import type { FileStorage } from "./storage";

/** A stored path becomes its public URL; an external URL (given as `image_url`) is kept as is. */
export function publicImageUrl(storage: FileStorage, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path) || path.startsWith("/")) return path;
  return storage.url(path);
}

/** Whether a stored image path is ours (to delete with the product), not an external URL. */
export function isStoredImage(path: string | null | undefined): path is string {
  return !!path && !/^https?:\/\//i.test(path) && !path.startsWith("/");
}
