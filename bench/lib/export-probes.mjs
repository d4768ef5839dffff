// Shared pieces of the benchmarks of long exports (audit CSV, company ZIP): a seeded PGlite folder, the
// server's resident memory and a `/health/` probe that runs while the export streams.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { startApiServer } from "./api-server.mjs";

/**
 * A PGlite folder migrated by the server itself (started once on `port`, then stopped), then seeded
 * by `seed(pglite)` (which returns the user id the benchmark signs in as).
 */
export async function seededPgliteDir({ port, prefix, seed }) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const migrating = await startApiServer({ databaseUrl: "", port, dataDir });
  await migrating.stop();
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    return { dataDir, userId: await seed(pglite) };
  } finally {
    await pglite.close();
  }
}

/** The resident memory of process `pid`, in bytes. */
export const rssBytes = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
};
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Probes `/health/` back to back until stopped; latencies in ms, sorted. */
export function probeHealth(base) {
  const samples = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/health/`);
      await res.arrayBuffer();
      samples.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return samples.sort((a, b) => a - b);
    },
  };
}
