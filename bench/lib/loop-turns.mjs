// Preloaded into the benchmarked server (`node --import`): how long its event loop's turns take in the
// main thread's own CPU time. On a busy machine /health/'s wall-clock latency also counts the time the
// process waits for a core; this does not: it shows the longest piece of work that held every request.
// On SIGUSR2 the turns since the previous signal (ms, sorted) go to $BENCH_LOOP_TURNS_FILE, and it starts over.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_LOOP_TURNS_FILE;
if (file) {
  let turns = [];
  const cpu = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = cpu();
  // A 1 ms timer fires once per turn at most: the CPU between two firings is one turn's work.
  const tick = () => {
    const now = cpu();
    turns.push(now - last);
    last = now;
    setTimeout(tick, 1).unref();
  };
  tick();
  process.on("SIGUSR2", () => {
    writeFileSync(file, JSON.stringify(turns.sort((a, b) => a - b)));
    turns = [];
  });
}
