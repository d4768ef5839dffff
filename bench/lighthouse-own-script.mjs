// The loaders' own script in the traces `widget-lighthouse.mjs` kept (KEEP_REPORT=1), unthrottled ms:
// the tasks Lighthouse attributes to the page's own .js files (their evaluation, events and timers) plus
// the microtask-only tasks in the second after the first of them (a fetch's answer is handled there,
// and Lighthouse attributes it to no URL). Lighthouse's own evaluations a second later, which land in
// every variant's "script" alike and make most of its noise, are left out; so this figure tells two
// builds of the loader apart where the page's total cannot (see issue 24's notes: ±2 ms at 4× between
// runs of one build, against differences of 1 to 3 ms).
//
//   KEEP_REPORT=1 POSITION=listing CANDIDATE=a.js,b.js node bench/widget-lighthouse.mjs   # prints its folder
//   node bench/lighthouse-own-script.mjs /tmp/certavis-lighthouse-XXXX [listingStars listingCandidate1 …]
//
// Lighthouse's trace model comes from the copy npx fetched for the bench (LIGHTHOUSE_DIR to point
// elsewhere: a folder holding `core/lib/tracehouse`).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median } from "./lib/median.mjs";

const [folder, ...asked] = process.argv.slice(2);
if (!folder) {
  console.error("usage: node bench/lighthouse-own-script.mjs <kept report folder> [variant …]");
  process.exit(2);
}
const npxCache = join(homedir(), ".npm", "_npx");
const lighthouseDir =
  process.env.LIGHTHOUSE_DIR ??
  (existsSync(npxCache) ? readdirSync(npxCache) : [])
    .map((dir) => join(npxCache, dir, "node_modules", "lighthouse"))
    .find((dir) => existsSync(join(dir, "core/lib/tracehouse/trace-processor.js")));
if (!lighthouseDir) {
  console.error("Lighthouse not found: run bench/widget-lighthouse.mjs once, or set LIGHTHOUSE_DIR");
  process.exit(2);
}
const tracehouse = (file) => import(pathToFileURL(join(lighthouseDir, "core/lib/tracehouse", file)).href);
const { TraceProcessor } = await tracehouse("trace-processor.js");
const { MainThreadTasks } = await tracehouse("main-thread-tasks.js");

const SCRIPT_GROUPS = new Set(["scriptEvaluation", "scriptParseCompile"]);
const scriptMs = (task) =>
  (SCRIPT_GROUPS.has(task.group.id) ? task.selfTime : 0) +
  task.children.reduce((sum, c) => sum + scriptMs(c), 0);
const eventNames = (task, names = new Set()) => {
  names.add(task.event.name);
  for (const child of task.children) eventNames(child, names);
  return names;
};
const isOwnScript = (url) => /\.js(\?|$)/.test(url) && !url.includes("lighthouse");

/** The loader's evaluation (and its events) and its answers' microtasks, in one run's trace. */
function ownScript(traceFile) {
  const trace = JSON.parse(readFileSync(traceFile, "utf8"));
  const processed = TraceProcessor.processTrace(trace);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  );
  let evaluation = 0;
  let microtasks = 0;
  // The CPU time of the loader's own tasks (the thread's time, `tdur`), whatever the scheduler did to
  // their wall time: on a loaded machine a task of 3 ms of CPU is seen at 100 ms and more.
  let cpu = 0;
  // The loader's first task; the answers' microtasks are looked for in the second after it (on a loaded
  // machine the loader itself may start later than the page's first second).
  let started = Number.NaN;
  for (const task of tasks) {
    if (task.parent) continue;
    if (task.attributableURLs.some(isOwnScript)) {
      if (Number.isNaN(started)) started = task.startTime;
      evaluation += scriptMs(task);
      cpu += (task.event.tdur ?? task.event.dur) / 1000;
      continue;
    }
    if (!(task.startTime >= started && task.startTime <= started + 1000)) continue;
    const names = eventNames(task);
    if (names.has("RunMicrotasks") && !names.has("EvaluateScript") && !names.has("FunctionCall"))
      microtasks += scriptMs(task);
  }
  return { evaluation, microtasks, own: evaluation + microtasks, cpu };
}

const traces = readdirSync(folder).filter((file) => file.endsWith(".trace.json"));
// `<variant>-<position>-<run>-0.trace.json`
const variants = asked.length
  ? asked
  : [...new Set(traces.map((file) => file.split("-")[0]))].filter((variant) => variant !== "bare");
console.log(
  "| variant | runs | own script ms (median) | evaluation | answer's microtasks | each run | own tasks' CPU ms, each run |",
);
console.log("|---|---|---|---|---|---|---|");
for (const variant of variants) {
  const runs = traces
    .filter((file) => file.startsWith(`${variant}-`))
    .map((file) => ownScript(join(folder, file)));
  if (runs.length === 0) continue;
  const cell = (key) => median(runs.map((run) => run[key])).toFixed(2);
  const each = runs.map((run) => run.own.toFixed(2)).join(" ");
  const cpu = runs.map((run) => run.cpu.toFixed(2)).join(" ");
  console.log(
    `| ${variant} | ${runs.length} | ${cell("own")} | ${cell("evaluation")} | ${cell("microtasks")} | ${each} | ${cpu} |`,
  );
}
console.log("\nunthrottled: Lighthouse's simulated 4× CPU counts about four times these figures");
