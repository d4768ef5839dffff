/**
 * The proof of ARCHITECTURE §9 (issue 16): two built API processes started at the same moment on one
 * empty PostgreSQL database, one S3-compatible server and one SMTP server, behind a small
 * round-robin proxy. Skipped without TEST_DATABASE_URL (PostgreSQL is reachable in CI).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PACKAGE_DIR } from "../../src/paths";
import { DEMO_ACCOUNT } from "../../src/seed/demo";
import { startTestSmtp, TEST_DATABASE_URL, type TestSmtp } from "../helpers";
import { multipartBody } from "../pipeline/multipart";
import { createEmptyPostgres } from "./empty-postgres";
import { startS3Server } from "./s3-server";

const MAIN = join(API_PACKAGE_DIR, "dist/main.js");
const RATE_LIMIT = 10;

/** Forwards each request to the next instance in turn, appending the client's address to X-Forwarded-For. */
function roundRobinProxy(ports: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const port = ports[next++ % ports.length];
    const forwarded = incoming.headers["x-forwarded-for"];
    const client = incoming.socket.remoteAddress ?? "";
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "x-forwarded-for": forwarded ? `${forwarded}, ${client}` : client },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

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

async function healthy(base: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/v1/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${base} not healthy in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!TEST_DATABASE_URL)("two API instances behind a proxy (ARCHITECTURE §9)", () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgres>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: TestSmtp;
  let proxy: Server;
  const processes: ChildProcess[] = [];
  const ports = [0, 0].map(() => 40_000 + Math.floor(Math.random() * 10_000));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  let proxyBase = "";

  beforeAll(async () => {
    if (!existsSync(MAIN)) {
      const built = spawnSync("pnpm", ["build"], { cwd: API_PACKAGE_DIR, stdio: "inherit" });
      if (built.status !== 0) throw new Error("could not build apps/api");
    }
    database = await createEmptyPostgres();
    s3 = await startS3Server();
    smtp = await startTestSmtp();
    proxy = await roundRobinProxy(ports);
    proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const env = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: database?.url ?? "",
      SMTP_URL: smtp.url,
      PUBLIC_URL: proxyBase,
      SEED_DEMO: "true",
      RATE_LIMIT_PER_IP: String(RATE_LIMIT),
      TRUST_PROXY: "1",
      SHUTDOWN_DRAIN_MS: "0",
      LOG_LEVEL: "error",
      S3_BUCKET: String(s3.config.s3Bucket),
      S3_ENDPOINT: String(s3.config.s3Endpoint),
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: String(s3.config.s3PublicUrl),
    };
    for (const [index, port] of ports.entries()) {
      const child = spawn(process.execPath, [MAIN], {
        env: {
          ...env,
          PORT: String(port),
          DATA_DIR: mkdtempSync(join(tmpdir(), `certavis-cluster-${index}-`)),
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[api ${index}] ${chunk}`));
      processes.push(child);
    }
    const deadline = Date.now() + 60_000;
    await Promise.all(bases.map((base) => healthy(base, deadline)));
  }, 120_000);

  afterAll(async () => {
    for (const child of processes) if (child.exitCode === null) child.kill("SIGKILL");
    proxy?.close();
    await smtp?.close();
    await s3?.close();
    await database?.drop();
  });

  const [a, b] = [0, 1];
  const call = (instance: number, path: string, init: RequestInit = {}) =>
    fetch(`${bases[instance]}/api/v1${path}`, init);
  const json = (body: unknown) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  it("both started on the empty database at once; the demo was seeded once", async () => {
    for (const child of processes) expect(child.exitCode).toBeNull();
    const health = await Promise.all([a, b].map((i) => call(i, "/health/")));
    expect(health.map((res) => res.status)).toEqual([200, 200]);
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
    const login = await call(
      b,
      "/auth/login/",
      json({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    );
    const auth = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
    const company = (await (await call(b, "/company/", { headers: auth })).json()) as { api_key: string };
    const products = (await (await call(b, "/company/products/", { headers: auth })).json()) as {
      results: Array<{ id: string }>;
    };
    const order = await call(a, "/orders/", {
      ...json({
        product_id: products.results[0]?.id,
        buyer_email: "lien@exemple.fr",
        buyer_first_name: "Jean",
        buyer_last_name: "Dupont",
        reference: `C-${randomBytes(4).toString("hex")}`,
      }),
      headers: { "content-type": "application/json", "x-api-key": company.api_key },
    });
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

  it("SIGTERM: the instance stops cleanly while the other keeps answering", async () => {
    const child = processes[b];
    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    child?.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect((await call(a, "/health/")).status).toBe(200);
  });
});
