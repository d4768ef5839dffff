import { keepPgliteOnBaselineCompiler } from "../src/db/pglite-baseline-compiler";

// The suites' PGlite stays on V8's baseline compiler, as the server's does by default (they open it directly): their
// queries are small, and optimizing PostgreSQL's huge WebAssembly function costs each worker process
// many seconds of CPU on a 2-core machine (measured: the API project 3 min 14 s → 2 min 52 s, its CPU
// 3 min 48 s → 3 min 10 s). Behaviour is the same; the optimizing compiler's memory and speed are
// bench/export.mjs's subject (PGLITE_BASELINE_COMPILER=0).
keepPgliteOnBaselineCompiler();
