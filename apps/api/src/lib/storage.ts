import { createWriteStream, mkdirSync } from "node:fs";
import { mkdir, open, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomToken } from "./crypto";

/**
 * Uploaded files (logos, product images, review photos and videos): under `DATA_DIR/uploads` served
 * at `/uploads/<path>` (embedded default), or in an S3-compatible bucket (lib/s3-storage.ts) that
 * every instance shares.
 */
export interface FileStorage {
  /** The local folder served at `/uploads/`; null when files live in a bucket. */
  root: string | null;
  /**
   * Saves bytes under `folder/` with a random name; returns the relative path. A stream is written as
   * it is read (an upload never sits whole in memory); when it fails (an upload over its limit, a
   * client gone), the error comes back and nothing is left behind.
   */
  save(folder: string, extension: string, data: Buffer | Readable): Promise<string>;
  remove(relativePath: string | null | undefined): Promise<void>;
  /** A stored file's bytes as a stream read as it is consumed (the company export); null when it is gone. */
  open(relativePath: string): Promise<Readable | null>;
  /** Removes every file under `folder/` (a deleted company's review uploads). */
  removeFolder(folder: string): Promise<void>;
  /** Public URL (absolute) of a stored file, or null. */
  url(relativePath: string | null | undefined): string | null;
}

/** Removes stored files, best effort: a failure to remove one never hides why they are removed. */
export async function removeStored(storage: FileStorage, paths: readonly (string | null)[]): Promise<void> {
  for (const path of paths) if (path) await storage.remove(path).catch(() => undefined);
}

/** `folder/<random>.<ext>` with only safe characters: the same keys on disk and in a bucket. */
export function newStoragePath(folder: string, extension: string): string {
  return `${cleanFolder(folder)}/${randomToken(16)}.${extension.replace(/[^a-z0-9]/gi, "")}`;
}

export function cleanFolder(folder: string): string {
  return folder.replace(/[^a-z0-9/_-]/gi, "");
}

export function createFileStorage(root: string, publicUrl: string): FileStorage {
  const absoluteRoot = resolve(root);
  mkdirSync(absoluteRoot, { recursive: true });
  const inside = (relativePath: string) => {
    const full = resolve(absoluteRoot, relativePath);
    if (!full.startsWith(absoluteRoot + sep)) throw new Error("path outside the uploads folder");
    return full;
  };
  return {
    root: absoluteRoot,
    async save(folder, extension, data) {
      const relativePath = newStoragePath(folder, extension);
      const full = inside(relativePath);
      if (Buffer.isBuffer(data)) {
        await mkdir(dirname(full), { recursive: true });
        await writeFile(full, data);
        return relativePath;
      }
      // Piped in this very tick: an error the stream raises meanwhile is not lost.
      mkdirSync(dirname(full), { recursive: true });
      try {
        await pipeline(data, createWriteStream(full, { flags: "wx" }));
      } catch (error) {
        await rm(full, { force: true });
        throw error;
      }
      return relativePath;
    },
    async remove(relativePath) {
      if (!relativePath) return;
      await rm(inside(relativePath), { force: true });
    },
    async open(relativePath) {
      try {
        // Opened here, so a missing file is known before its first byte is asked for.
        return (await open(inside(relativePath), "r")).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async removeFolder(folder) {
      await rm(inside(cleanFolder(folder)), { recursive: true, force: true });
    },
    url(relativePath) {
      return relativePath ? `${publicUrl}/uploads/${relativePath}` : null;
    },
  };
}

/** Where the uploads of a server on `DATA_DIR` are kept. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, "uploads");
}
