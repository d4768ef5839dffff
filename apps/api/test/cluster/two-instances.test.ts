/**
 * The proof of ARCHITECTURE §9: built API processes started at the same moment on one
 * empty PostgreSQL database, one S3-compatible server and one SMTP server, two of them behind a small
 * round-robin proxy, a third sharing the background work (e-mails, periodic tasks). Skipped without
 * TEST_DATABASE_URL (PostgreSQL is reachable in CI).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT } from "../../src/seed/demo";
import { TEST_DATABASE_URL } from "../helpers";
import { bundleEntries } from "../helpers/bundled";
import { multipartBody } from "../pipeline/multipart";
import { type ApiProcess, startApiOnFreePort } from "./api-process";
import { createEmptyPostgres } from "./empty-postgres";
import { type GatedSmtp, startGatedSmtp } from "./gated-smtp";
import { roundRobinProxy } from "./round-robin-proxy";
import { startS3Server } from "./s3-server";
import { waitUntil } from "./wait-until";

const RATE_LIMIT = 10;
/** Every periodic task's period here (PERIODIC_TASKS_EVERY_MS), so the test sees several periods. */
const PERIOD_MS = 1500;
const instanceMail = (index: number) => `instance-${index}@certavis.test`;

/** POSTs JSON from a chosen local address (the client address the proxy sees); answers the status. */
function postFrom(
  localAddress: string,
  url: string,
  options: { body: unknown; headers: Record<string, string> },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: "POST", localAddress, headers: { "content-type": "application/json", ...options.headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(options.body));
  });
}

describe.skipIf(!TEST_DATABASE_URL)("two API instances behind a proxy (ARCHITECTURE §9)", () => {
  let databaseUrl: string | null = null;
  let sql: pg.Pool;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: GatedSmtp;
  let proxy: Server;
  // a and b behind the proxy; c, started with them, takes its share of the background work.
  const [a, b, c] = [0, 1, 2];
  const instances: ApiProcess[] = [];
  const dataDirs: string[] = [];
  // The proxy's targets, a's and b's ports, once they listen.
  const proxied: number[] = [];
  let proxyBase = "";
  let bundle: Awaited<ReturnType<typeof bundleEntries>> | undefined;

  beforeAll(async () => {
    // Always the server as it is now, bundled as the build makes dist/ (a stale dist/ would prove
    // nothing), in a folder of its own: the e2e run may be rewriting dist/ meanwhile.
    bundle = await bundleEntries({ main: "src/main.ts", "pglite-worker": "src/db/pglite-worker.ts" });
    const main = bundle.path("main");
    databaseUrl = await createEmptyPostgres();
    sql = new pg.Pool({ connectionString: databaseUrl ?? undefined, max: 2 });
    s3 = await startS3Server();
    smtp = await startGatedSmtp();
    proxy = await roundRobinProxy(proxied);
    proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const env = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl ?? "",
      SMTP_URL: smtp.url,
      PUBLIC_URL: proxyBase,
      SEED_DEMO: "true",
      RATE_LIMIT_PER_IP: String(RATE_LIMIT),
      TRUST_PROXY: "1",
      SHUTDOWN_DRAIN_MS: "0",
      PERIODIC_TASKS_EVERY_MS: String(PERIOD_MS),
      // A killed instance's e-mails go out 6 s after its death instead of 30 (the lease; renewed every 2 s
      // by a living instance, so still never sent twice).
      MAIL_LEASE_MS: "6000",
      LOG_LEVEL: "info",
      S3_BUCKET: String(s3.config.s3Bucket),
      S3_ENDPOINT: String(s3.config.s3Endpoint),
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: String(s3.config.s3PublicUrl),
    };
    const deadline = Date.now() + 90_000;
    const started = await Promise.allSettled(
      [a, b, c].map((index) => {
        const dataDir = mkdtempSync(join(tmpdir(), `certavis-cluster-${index}-`));
        dataDirs.push(dataDir);
        const instanceEnv = { ...env, MAIL_FROM: `Certavis <${instanceMail(index)}>`, DATA_DIR: dataDir };
        return startApiOnFreePort(main, `api ${index}`, () => instanceEnv, { deadline });
      }),
    );
    for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    proxied.push(...[a, b].map((index) => instances[index]?.port ?? 0));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.kill("SIGKILL")));
    proxy?.close();
    await sql?.end();
    await smtp?.close();
    await s3?.close();
    bundle?.remove();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const call = (instance: number, path: string, init: RequestInit = {}) =>
    fetch(`${instances[instance]?.base}/api/v1${path}`, init);
  const json = (body: unknown) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  /** Signs in the demo owner through `instance`: its token, its company's API key and first product. */
  async function demoCompany(instance: number) {
    const login = await call(
      instance,
      "/auth/login/",
      json({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    );
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
    const company = (await (await call(instance, "/company/", { headers: auth })).json()) as {
      api_key: string;
    };
    const products = (await (await call(instance, "/company/products/", { headers: auth })).json()) as {
      results: Array<{ id: string }>;
    };
    return { auth, apiKey: company.api_key, productId: products.results[0]?.id ?? "" };
  }
  const createOrder = (instance: number, apiKey: string, productId: string, buyerEmail: string) =>
    call(instance, "/orders/", {
      ...json({
        product_id: productId,
        buyer_email: buyerEmail,
        buyer_first_name: "Jean",
        buyer_last_name: "Dupont",
        reference: `C-${randomBytes(4).toString("hex")}`,
      }),
      headers: { "content-type": "application/json", "x-api-key": apiKey },
    });

  it("all started on the empty database at once; the demo was seeded once", async () => {
    for (const instance of instances) expect(instance.alive()).toBe(true);
    const health = await Promise.all([a, b, c].map((i) => call(i, "/health/")));
    expect(health.map((res) => res.status)).toEqual([200, 200, 200]);
    const users = await sql.query("select count(*)::int as n from users where email = $1", [
      DEMO_ACCOUNT.email,
    ]);
    expect(users.rows[0].n).toBe(1);
  });

  it("a sign-in on one works on the other; a logo uploaded through one is read through the other", async () => {
    const login = await call(
      a,
      "/auth/login/",
      json({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    );
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const auth = { authorization: `Bearer ${access}` };
    const me = await call(b, "/users/me/", { headers: auth });
    expect(me.status).toBe(200);

    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#c83" } })
      .png()
      .toBuffer();
    const form = multipartBody({}, [
      { name: "logo", filename: "l.png", contentType: "image/png", data: png },
    ]);
    const uploaded = await call(a, "/company/", {
      method: "PATCH",
      headers: { ...auth, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status).toBe(200);
    const seenByB = (await (await call(b, "/company/", { headers: auth })).json()) as { logo: string };
    expect(seenByB.logo).toBe(((await uploaded.json()) as { logo: string }).logo);
    const logo = await fetch(seenByB.logo);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/webp");
  });

  it("a review link made by one opens on the other", async () => {
    const { apiKey, productId } = await demoCompany(b);
    const order = await createOrder(a, apiKey, productId, "lien@exemple.fr");
    expect(order.status).toBe(201);
    const reviewUrl = new URL(((await order.json()) as { review_url: string }).review_url);
    const key = reviewUrl.searchParams.get("api_key") ?? "";
    const form = await call(b, `/review/?api_key=${encodeURIComponent(key)}`);
    expect(form.status).toBe(200);
  });

  it("the per-IP limit answers 429 at the same count through the proxy, whatever X-Forwarded-For says", async () => {
    // From a client address of its own (127.0.0.2), the other tests' direct calls come from 127.0.0.1.
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 3; i++) {
      codes.push(
        await postFrom("127.0.0.2", `${proxyBase}/api/v1/auth/login/`, {
          body: { email: `personne-${i}@exemple.fr`, password: "faux" },
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        }),
      );
    }
    expect(codes).toEqual([...Array(RATE_LIMIT).fill(400), 429, 429, 429]);
  });

  it("each periodic task ran once per period across the three instances", async () => {
    // Every instance ticks every PERIOD_MS; run each alone, they would run each task three times a period.
    const tasks = [
      "expired throttle purge",
      "certified reviews jobs",
      "sandbox subscription settlement",
      "order personal data retention",
    ];
    if (!process.env.REDIS_URL) tasks.push("rate limit purge");
    const runsOf = (task: string) =>
      instances
        .flatMap((instance) => instance.logs)
        .filter((line) => line.msg === "periodic task ran" && line.task === task)
        .map((line) => Date.parse(String(line.claimedAt)))
        .sort((x, y) => x - y);
    await waitUntil(
      () => tasks.every((task) => runsOf(task).length >= 4),
      30_000,
      () => tasks.map((task) => `${task}: ${runsOf(task).length} runs`).join(", "),
    );
    for (const task of tasks) {
      const runs = runsOf(task);
      const gaps = runs.slice(1).map((at, i) => at - (runs[i] ?? 0));
      // The claim lets a run through 5 % early (a check coming a little ahead of the period's end);
      // the claim times are the instances' clocks, the same machine's here.
      expect(Math.min(...gaps), task).toBeGreaterThanOrEqual(PERIOD_MS * 0.9);
      const { rows } = await sql.query("select runs from periodic_task_runs where name = $1", [task]);
      expect(rows[0].runs, task).toBeGreaterThanOrEqual(runs.length);
    }
  });

  it("SIGTERM: the instance stops cleanly while the others keep answering", async () => {
    expect(await instances[b]?.kill("SIGTERM")).toBe(0);
    expect((await call(a, "/health/")).status).toBe(200);
    expect((await call(c, "/health/")).status).toBe(200);
  });

  it("SIGKILL of the instance sending 40 e-mails: each still arrives exactly once, within a minute", async () => {
    const { apiKey, productId } = await demoCompany(a);
    const recipients = Array.from({ length: 40 }, (_, i) => `acheteur-${i}@file.test`);
    for (const to of recipients) expect((await createOrder(a, apiKey, productId, to)).status).toBe(201);
    const requests = `from email_deliveries d join orders o on o.id = d.order_id
      where d.kind = 'request' and o.buyer_email like '%@file.test'`;
    const count = async (where = "true") =>
      (await sql.query(`select count(*)::int as n ${requests} and ${where}`)).rows[0].n as number;
    expect(await count("d.status = 'scheduled' and d.scheduled_at > now()")).toBe(40);

    // All due at once: one worker loop of one instance claims the 40; the SMTP server keeps it waiting.
    smtp.hold((to) => to.endsWith("@file.test"));
    await sql.query(`update email_deliveries set scheduled_at = now() where id in (select d.id ${requests})`);
    await waitUntil(
      async () => (await count("d.status = 'sending'")) === 40 && smtp.waiting().length > 0,
      30_000,
      () => `${smtp.waiting().length} sends waiting at the SMTP server`,
    );
    const senders = smtp.waiting();
    const victim = [a, c].find((i) => senders.includes(instanceMail(i)));
    expect(victim).toBeDefined();
    const killedAt = Date.now();
    await instances[victim ?? a]?.kill("SIGKILL");
    smtp.open();

    const arrived = () => smtp.accepted.filter((mail) => mail.to.endsWith("@file.test"));
    await waitUntil(
      async () => (await count("d.status = 'sent'")) === 40,
      60_000,
      () => `${arrived().length} of 40 arrived`,
    );
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(
      arrived()
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([...recipients].sort());
    expect(arrived().filter((mail) => mail.from === instanceMail(victim ?? a))).toEqual([]);
  }, 120_000);
});
