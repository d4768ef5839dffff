import { setFlagsFromString } from "node:v8";

/**
 * Keeps PGlite's WebAssembly on V8's baseline compiler (Liftoff): to be called before the first
 * `PGlite.create` of the process (the flags count when a module is compiled).
 *
 * By default V8 recompiles hot WebAssembly functions with its optimizing compiler in the background.
 * One of PostgreSQL's functions is huge: its optimization takes hundreds of MB for many seconds, on the
 * first heavy work of the process (an export, a search, the start's tasks), enough to kill a small
 * install. So the server keeps PGlite on baseline code by default (`PGLITE_BASELINE_COMPILER=0` lets V8
 * optimize): memory stays flat, for slower queries on a few pages (figures in bench/README.md).
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
