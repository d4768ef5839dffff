// Shared pieces of the benchmarks of long exports (audit CSV, company ZIP): a seeded PGlite folder, the
// server's resident memory and a `/health/` probe that runs while the export streams.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { startApiServer } from "./api-server.mjs";

/**
 * A PGlite folder migrated by the server itself (started once on `port`, then stopped), then seeded
 * by `seed(pglite)` (which returns the user id the benchmark signs in as).
 */
export async function seededPgliteDir({ port, prefix, seed }) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  // BENCH_PGLITE_SEEDED=<folder>: a copy of that seeded folder (seeded there first when it is missing),
  // to measure again without seeding again. The caller keeps it consistent with the seed and the migrations.
  const kept = process.env.BENCH_PGLITE_SEEDED;
  if (kept && existsSync(join(kept, "bench-user-id"))) {
    cpSync(kept, dataDir, { recursive: true });
    return { dataDir, userId: readFileSync(join(kept, "bench-user-id"), "utf8") };
  }
  const migrating = await startApiServer({ databaseUrl: "", port, dataDir });
  await migrating.stop();
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  let userId;
  try {
    userId = await seed(pglite);
  } finally {
    await pglite.close();
  }
  if (kept) {
    cpSync(dataDir, kept, { recursive: true });
    writeFileSync(join(kept, "bench-user-id"), userId);
  }
  return { dataDir, userId };
}

/** The resident memory of process `pid`, in bytes. */
export const rssBytes = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
};
/** The CPU time process `pid` has used (all its threads), in seconds: what a busy machine does not stretch. */
export const cpuSeconds = (pid) => {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th (clock ticks).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Probes `path` back to back until stopped; latencies in ms, sorted (a non-2xx answer fails the bench). */
export function probeLatency(base, path) {
  const samples = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`);
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
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

/** Probes `/health/` back to back until stopped; latencies in ms, sorted. */
export const probeHealth = (base) => probeLatency(base, "/api/v1/health/");

/**
 * What `startApiServer` needs to preload `loop-turns.mjs` into the server (`nodeArgs`, `env`), and
 * `read(pid)`: the CPU time (ms, sorted) of each turn of its event loop since the previous read.
 */
export function loopTurnsProbe() {
  const folder = mkdtempSync(join(tmpdir(), "certavis-bench-turns-"));
  const file = join(folder, "turns.json");
  return {
    nodeArgs: ["--import", new URL("./loop-turns.mjs", import.meta.url).href],
    env: { BENCH_LOOP_TURNS_FILE: file },
    async read(pid) {
      rmSync(file, { force: true });
      process.kill(pid, "SIGUSR2");
      for (let waited = 0; !existsSync(file); waited += 20) {
        if (waited > 10_000) throw new Error("the server wrote no loop turns");
        await sleep(20);
      }
      // Written in one call: retried while it is still partial.
      for (;;) {
        try {
          return JSON.parse(readFileSync(file, "utf8"));
        } catch {
          await sleep(20);
        }
      }
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
