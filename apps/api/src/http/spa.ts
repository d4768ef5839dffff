import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyReply } from "fastify";
import { placeholderPage } from "./placeholder-page";

export interface SpaBuild {
  distDir: string;
  exists: boolean;
  /** Sends the SPA's index.html (or the French placeholder when the build is missing). */
  sendIndex(reply: FastifyReply): FastifyReply;
}

export function spaBuild(distDir: string, appName: string, buildCommand: string): SpaBuild {
  const indexPath = join(distDir, "index.html");
  const exists = existsSync(indexPath);
  let cached: string | null = null;
  return {
    distDir,
    exists,
    sendIndex(reply) {
      if (!exists) {
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(placeholderPage(appName, buildCommand));
      }
      cached ??= readFileSync(indexPath, "utf8");
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(cached);
    },
  };
}
