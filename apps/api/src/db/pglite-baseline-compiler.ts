import { setFlagsFromString } from "node:v8";

/**
 * Keeps PGlite's WebAssembly on V8's baseline compiler (Liftoff): to be called before the first
 * `PGlite.create` of the process (the flags count when a module is compiled).
 *
 * By default V8 recompiles hot WebAssembly functions with its optimizing compiler in the background.
 * One of PostgreSQL's functions is huge (about 100 KB of code): its optimization takes some 600 MB of
 * memory for many seconds (16 s on a busy 2-core machine), on the first heavy work of the process
 * (an export, a search, the start's tasks). The server's memory then jumps from about 300 MB to
 * 850 MB before falling back: enough to kill a small install. So the server keeps PGlite on baseline
 * code by default (`PGLITE_BASELINE_COMPILER=0` lets V8 optimize). The price, measured on 100,000
 * reviews (2 cores): the export 30 → 35 s the first time (43 → 39 s the second), insights, searches
 * and review pages the same, the orders list's first page about 1.7 times slower (80–110 → 155–180
 * ms); the server at rest 680 → 510 MB, its peak 1,100 → 530 MB.
 *
 * The flags are the process's: any WebAssembly compiled later stays on Liftoff too (undici's HTTP
 * parser for outgoing requests, which barely notices). PostgreSQL mode never calls this.
 */
export function keepPgliteOnBaselineCompiler(): void {
  // `--liftoff-only` alone is not enough once V8 has started: the flags it implies must be given too.
  setFlagsFromString("--liftoff-only");
  setFlagsFromString("--no-wasm-tier-up");
  setFlagsFromString("--no-wasm-dynamic-tiering");
}
