import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomToken } from "./crypto";

/**
 * JWT_SECRET when given; otherwise one generated once and kept in `DATA_DIR/jwt-secret` (mode 600),
 * or a fresh one per process when there is no data folder (in-memory tests).
 */
export function resolveServerSecret(given: string | null, dataDir: string | null): string {
  if (given) {
    if (Buffer.byteLength(given) < 32) throw new Error("JWT_SECRET must be at least 256 bits (32 bytes).");
    return given;
  }
  if (!dataDir || dataDir === "memory://") return randomToken(48);
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
