import { mkdirSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { randomToken } from "./crypto";

/** Uploaded files under `DATA_DIR/uploads`, served at `/uploads/<path>` (S3 not implemented). */
export interface FileStorage {
  root: string;
  /** Saves bytes under `folder/` with a random name; returns the relative path. */
  save(folder: string, extension: string, data: Buffer): Promise<string>;
  remove(relativePath: string | null | undefined): Promise<void>;
  /** Public URL (absolute, PUBLIC_URL origin) of a stored file, or null. */
  url(relativePath: string | null | undefined): string | null;
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
      const relativePath = `${folder.replace(/[^a-z0-9/_-]/gi, "")}/${randomToken(16)}.${extension.replace(/[^a-z0-9]/gi, "")}`;
      const full = inside(relativePath);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, data);
      return relativePath;
    },
    async remove(relativePath) {
      if (!relativePath) return;
      await rm(inside(relativePath), { force: true });
    },
    url(relativePath) {
      return relativePath ? `${publicUrl}/uploads/${relativePath}` : null;
    },
  };
}

export function uploadsDir(dataDir: string | null, fallback: string): string {
  return dataDir && dataDir !== "memory://" ? join(dataDir, "uploads") : fallback;
}
