// `pnpm test`: the generated client's freshness first, then the Vitest run and the end-to-end run (build,
// bundle budgets, journeys) side by side. The journeys mostly wait on the browser and the server (half a
// core), the Vitest run on child processes and timers: one after the other, a fresh clone's `.ci/run` used
// 1.1 of the 2 cores over its 10 ½ minutes. Each side's lines come with its name; both always run to their
// end, and the command fails when either fails.
import { spawn, spawnSync } from "node:child_process";

const PNPM = "pnpm";

// The generated files (OpenAPI bundle, typed client) are checked, then written once, before the two sides
// start: the build's `generate` rewriting `openapi/bundled/openapi.json` while an API suite reads it
// would be a flaky run. The end-to-end side then builds without it (`--only`).
for (const args of [
  ["run", "generate:check"],
  ["exec", "turbo", "run", "generate"],
]) {
  const done = spawnSync(PNPM, args, { stdio: "inherit" });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

/** Runs `pnpm <args>` one after the other, each output line prefixed with `name`; resolves with the first
 * failing exit code (or 0) and the time. */
function run(name, ...commands) {
  const started = performance.now();
  const script = commands.map((args) => [PNPM, ...args].join(" ")).join(" && ");
  const child = spawn("sh", ["-c", script], { stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (stream, out) => {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) out.write(`${name} │ ${line}\n`);
    });
    stream.on("end", () => {
      if (rest) out.write(`${name} │ ${rest}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  const done = new Promise((resolve) => {
    child.on("close", (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 }),
    );
  });
  return { child, done };
}

const sides = [
  run("unit", ["run", "test:unit"]),
  run("e2e ", ["exec", "turbo", "run", "build", "--only"], ["run", "test:journeys"]),
];
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const { child } of sides) child.kill(signal);
  });
}
const results = await Promise.all(sides.map((side) => side.done));
for (const { name, code, seconds } of results)
  console.log(`${name.trim()}: ${code === 0 ? "passed" : `failed (${code})`} in ${seconds.toFixed(0)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
