import { ms, percentile } from "./api-server.mjs";

/**
 * p50/p95 of a list page under each scenario (`[name, query(i)]`): `perScenario` sequential GETs of
 * `${url}?${query(i)}` after 3 warm-up requests; `check(body)` throws on an answer that proves nothing.
 * Prints one line per scenario and the worst p95 against the list pages' budget (ARCHITECTURE §8:
 * p95 < 50 ms per page); answers that worst p95.
 */
export async function measurePages({ title, url, headers, scenarios, perScenario, check = () => {} }) {
  const results = [];
  for (const [name, query] of scenarios) {
    const times = [];
    for (let i = -3; i < perScenario; i++) {
      const started = performance.now();
      const res = await fetch(`${url}?${query(Math.max(i, 0))}`, { headers });
      const body = await res.json();
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      check(body, name);
      if (i >= 0) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    results.push({ name, p50: percentile(times, 0.5), p95: percentile(times, 0.95) });
  }
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(`${title}:`);
  for (const r of results)
    console.log(`  ${r.name.padEnd(30)} p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}`);
  console.log(`  worst p95 ${ms(worst)} — budget p95 < 50 ms per page: ${worst < 50 ? "OK" : "MISSED"}`);
  return worst;
}
