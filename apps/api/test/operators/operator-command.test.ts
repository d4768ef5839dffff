import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorSocketPath } from "../../src/modules/operators/operator-channel";
import { API_PACKAGE_DIR } from "../../src/paths";
import { type ApiProcess, startApiOnFreePort } from "../cluster/api-process";
import { TEST_DATABASE_URL, uniqueEmail } from "../helpers";
import { bundleEntries } from "../helpers/bundled";
import { createEmptyPostgres, migratedTemplate } from "../helpers/databases";
import { migratedPgliteFolder } from "../helpers/pglite-template";

/**
 * The operators' command (`src/cli/operator.ts`), run while the real server runs (`src/main.ts`, not an
 * app built in the test): on PGlite it goes through the server's socket (the server holds the data
 * folder), on PostgreSQL to the database; with no server on PGlite it opens the folder itself. Both are
 * bundled as the build bundles the server, once for the file: under tsx each start cost seconds of
 * loading the server's graph through its hooks.
 */
let bundle: Awaited<ReturnType<typeof bundleEntries>>;
beforeAll(async () => {
  bundle = await bundleEntries({
    main: "src/main.ts",
    operator: "src/cli/operator.ts",
    "pglite-worker": "src/db/pglite-worker.ts",
  });
});
afterAll(() => bundle?.remove());

function runCommand(
  env: NodeJS.ProcessEnv,
  args: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle.path("operator"), ...args], {
      cwd: API_PACKAGE_DIR,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, out: out.trim(), err: err.trim() }));
  });
}

const cases: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

describe.each(cases)("the operator command while the server runs (%s)", (kind) => {
  let server: ApiProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let base = "";
  let dataDir = "";
  let databaseUrl: string | null = null;
  const email = uniqueEmail("operatrice");
  const password = "motdepasse-solide";

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "certavis-operator-"));
    // Migrated already (a copy of the template): the server's first start on an empty database is not
    // this file's subject, and initdb and migrations cost most of a start.
    databaseUrl =
      kind === "postgres" && TEST_DATABASE_URL
        ? await createEmptyPostgres(TEST_DATABASE_URL, await migratedTemplate(TEST_DATABASE_URL))
        : null;
    if (kind === "pglite") await migratedPgliteFolder(dataDir);
    const envOf = (port: number, url: string): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      SEED_DEMO: "false",
      SHUTDOWN_DRAIN_MS: "0",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_IP: "1000",
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    server = await startApiOnFreePort(bundle.path("main"), `server (${kind})`, envOf, {
      deadline: Date.now() + 120_000,
      cwd: API_PACKAGE_DIR,
    });
    base = server.base;
    env = envOf(server.port, base);
    const registered = await fetch(`${base}/api/v1/auth/register/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, first_name: "Odile", last_name: "Martin" }),
    });
    expect(registered.status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await server?.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async () =>
    (await fetch(`${base}/api/v1/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    }).then((res) => res.json())) as Record<string, unknown>;

  it("adds an operator: the running server asks the second factor at once", async () => {
    if (kind === "pglite") expect(existsSync(operatorSocketPath(dataDir))).toBe(true);
    else expect(existsSync(operatorSocketPath(dataDir))).toBe(false);
    expect(await login()).toHaveProperty("access");
    const added = await runCommand(env, ["add", email]);
    expect(added).toMatchObject({ code: 0 });
    expect(added.out).toBe(
      `${email} est maintenant opérateur. À sa prochaine connexion, il enregistre son second facteur (application d'authentification).`,
    );
    expect(await login()).toMatchObject({ second_factor: "totp" });
    const listed = await runCommand(env, ["list"]);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${email}\tOdile Martin\topérateur depuis le `);
  }, 120_000);

  it("removes the operator (on PGlite once the server stopped: the command opens the folder itself)", async () => {
    if (kind === "pglite") {
      await server?.kill("SIGTERM");
      expect(existsSync(operatorSocketPath(dataDir))).toBe(false);
    }
    const removed = await runCommand(env, ["remove", email]);
    expect(removed.err).toBe("");
    expect(removed).toMatchObject({ code: 0, out: `${email} n'est plus opérateur.` });
    if (kind === "postgres") expect(await login()).toHaveProperty("access");
  }, 120_000);
});
