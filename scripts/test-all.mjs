// `pnpm test`: the generated client's freshness first, then the Vitest run and the end-to-end run (build,
// bundle budgets, journeys) side by side. The journeys mostly wait on the browser and the server (half a
// core), the Vitest run on child processes and timers: one after the other, a fresh clone's `.ci/run` used
// 1.1 of the 2 cores over its 10 ½ minutes. Each side's lines come with its name; both always run to their
// end, and the command fails when either fails.
import { spawn, spawnSync } from "node:child_process";

const PNPM = process.platform === "win32" ? "pnpm.cmd" : "pnpm";

const fresh = spawnSync(PNPM, ["run", "generate:check"], { stdio: "inherit" });
if (fresh.status !== 0) process.exit(fresh.status ?? 1);

/** Runs `pnpm run <script>`, each output line prefixed with `name`; resolves with its exit code and time. */
function run(name, script) {
  const started = performance.now();
  const child = spawn(PNPM, ["run", script], { stdio: ["ignore", "pipe", "pipe"], detached: false });
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

const sides = [run("unit", "test:unit"), run("e2e ", "test:e2e")];
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const { child } of sides) child.kill(signal);
  });
}
const results = await Promise.all(sides.map((side) => side.done));
for (const { name, code, seconds } of results)
  console.log(`${name.trim()}: ${code === 0 ? "passed" : `failed (${code})`} in ${seconds.toFixed(0)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
