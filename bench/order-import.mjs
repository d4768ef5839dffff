// Order import: a 10,000-line French Excel CSV (Windows-1252, ';', JJ/MM/AAAA)
// imported through the job endpoints of the built server (`apps/api/dist/main.js`, `pnpm build`
// first) on PGlite and on PostgreSQL, while `/api/v1/health/` and `/embed.js` (neither touches the
// database: they measure how long the event loop is held) are each probed back to back. Prints the
// import's duration (POST to `done`), both latencies during it (p50/p90/p99/max), how fast a
// 10,001-line file is refused, and the machine's load (on shared cores, compare runs made under the
// same load). Budgets: 10,000 lines < 10 s; /health/ and /embed.js p99 < 50 ms (ARCHITECTURE §8).
// `refused` makes every line refused (a bad e-mail): the job then holds 10,000 refused lines, and the
// poll (every 100 ms) either asks only for the ones it lacks (`tail`, `errors_from`) or for all (`full`).
// `due` dates the orders 10 days back: their request e-mails are due at once, and the server's mail
// worker sends them to a local SMTP server (smtp-server, loopback) while the import runs and after
// it (the demo company's plan sends 400 a month: the rest is held); probed for 10 s more.
// Usage: node bench/order-import.mjs [pglite|postgres|both=both] [lines=10000] [port=3196] [good|refused=good] [tail|full=tail] [now|due=now]
import { availableParallelism, loadavg } from "node:os";
import { SMTPServer } from "smtp-server";
import { freshDatabase, ms, percentile, startApiServer } from "./lib/api-server.mjs";
import { probeLatency } from "./lib/export-probes.mjs";

const which = process.argv[2] ?? "both";
const lines = Number(process.argv[3] ?? 10_000);
const port = Number(process.argv[4] ?? 3196);
const refusedFile = process.argv[5] === "refused";
const fullPolls = process.argv[6] === "full";
const dueNow = process.argv[7] === "due";

function excelCsv(count, prefix, bad = false) {
  const today = new Date(Date.now() - (dueNow ? 10 * 86_400_000 : 0));
  const date = `${String(today.getDate()).padStart(2, "0")}/${String(today.getMonth() + 1).padStart(2, "0")}/${today.getFullYear()}`;
  const rows = ["Référence;SKU;E-mail;Prénom;Nom;Date de commande"];
  for (let i = 0; i < count; i++)
    rows.push(
      `${prefix}-${i};LAMP-001;${bad ? "pas-un-email" : `client${i}@exemple.fr`};Zoé;Lefèvre;${date}`,
    );
  return Buffer.from(`${rows.join("\r\n")}\r\n`, "latin1");
}

async function login(base) {
  const res = await fetch(`${base}/api/v1/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "demo@exemple.fr", password: "demo-certavis" }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  return (await res.json()).access;
}

function upload(base, token, bytes) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "text/csv" }), "commandes.csv");
  return fetch(`${base}/api/v1/company/orders/imports/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** `/health/` and `/embed.js` probed side by side. */
function probeBoth(base) {
  const health = probeLatency(base, "/api/v1/health/");
  const embed = probeLatency(base, "/embed.js");
  return {
    stop: async () => ({ health: await health.stop(), embed: await embed.stop() }),
  };
}

const latencies = (label, sorted) =>
  `${label} (${sorted.length} probes): p50 ${ms(percentile(sorted, 0.5))}, p90 ${ms(percentile(sorted, 0.9))}, ` +
  `p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? 0)}`;

/** A loopback SMTP server that takes every mail and counts them. */
async function smtpSink() {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${smtp.server.address().port}`,
    received: () => received,
    close: () => new Promise((resolve) => smtp.close(resolve)),
  };
}

async function run(kind) {
  const database = kind === "postgres" ? await freshDatabase("certavis_bench_import") : null;
  const sink = dueNow ? await smtpSink() : null;
  const server = await startApiServer({
    databaseUrl: database?.url ?? "",
    port,
    env: { SEED_DEMO: "1" },
    ...(sink ? { smtpUrl: sink.url } : {}),
    // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's thread goes.
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [],
  });
  try {
    const token = await login(server.base);
    const refusedStart = performance.now();
    const tooLong = await upload(server.base, token, excelCsv(lines + 1, "X"));
    const refusedMs = performance.now() - refusedStart;
    if (tooLong.status !== 400) throw new Error(`a ${lines + 1}-line file answered ${tooLong.status}`);

    // The same probe with nothing else running: what the machine gives anyway (shared CI cores).
    const idle = probeBoth(server.base);
    await new Promise((r) => setTimeout(r, 2000));
    const baseline = await idle.stop();

    const loadBefore = loadavg()[0].toFixed(2);
    const during = probeBoth(server.base);
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    const res = await upload(server.base, token, excelCsv(lines, "B", refusedFile));
    if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
    const acceptedMs = performance.now() - started;
    let job = await res.json();
    const polls = [];
    while (job.status === "running") {
      await new Promise((r) => setTimeout(r, 100));
      const from = fullPolls ? 0 : job.errors.length;
      const pollStart = performance.now();
      const next = await (
        await fetch(`${server.base}/api/v1/company/orders/imports/${job.id}/?errors_from=${from}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      polls.push(performance.now() - pollStart);
      job = { ...next, errors: [...job.errors.slice(0, from), ...next.errors] };
    }
    polls.sort((a, b) => a - b);
    const totalMs = performance.now() - started;
    const { health, embed } = await during.stop();
    // With e-mails due, the mail worker goes on after the import (sending, then holding what the
    // monthly quota refuses): the same probes for 10 s more.
    let afterwards = "";
    if (dueNow) {
      const after = probeBoth(server.base);
      await new Promise((r) => setTimeout(r, 10_000));
      const next = await after.stop();
      afterwards = `the 10 s after it (${sink?.received() ?? 0} e-mails sent by then): ${latencies("/health/", next.health)}; ${latencies("/embed.js", next.embed)}; `;
    }
    const expected = refusedFile
      ? job.refused === lines && job.errors.length === lines
      : job.created === lines;
    const failed = job.status !== "done" || !expected;
    // A failed import (the 5-minute limit on a loaded machine) still prints what was probed meanwhile.
    console.log(
      `${failed ? `FAILED (${job.status}: ${job.detail ?? ""}) ` : ""}order import, ${kind}${dueNow ? `, e-mails due at once (${sink?.received() ?? 0} sent by the end)` : ""}${refusedFile ? `, every line refused, ${fullPolls ? "full" : "tail"} polls` : ""}: ${lines} lines in ${(totalMs / 1000).toFixed(2)} s (202 after ${ms(acceptedMs)}; created ${job.created}, refused ${job.refused}); ` +
        `polls (${polls.length}): p50 ${ms(percentile(polls, 0.5))}, max ${ms(polls.at(-1) ?? 0)}; ` +
        `during it: ${latencies("/health/", health)}; ${latencies("/embed.js", embed)}; ${afterwards}` +
        `idle baseline /health/ p50 ${ms(percentile(baseline.health, 0.5))}, p99 ${ms(percentile(baseline.health, 0.99))}, ` +
        `/embed.js p50 ${ms(percentile(baseline.embed, 0.5))}, p99 ${ms(percentile(baseline.embed, 0.99))}; ` +
        `${lines + 1}-line file refused in ${ms(refusedMs)}; ` +
        `machine load ${loadBefore} before, ${loadavg()[0].toFixed(2)} after (1-min average, ${availableParallelism()} cores)`,
    );
    if (failed) throw new Error(`import ended ${JSON.stringify(job)}`);
  } finally {
    await server.stop();
    await sink?.close();
    await database?.drop();
  }
}

for (const kind of which === "both" ? ["pglite", "postgres"] : [which]) await run(kind);
