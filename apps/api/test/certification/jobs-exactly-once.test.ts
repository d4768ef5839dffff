import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { and, count, countDistinct, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { emailDeliveries, orders, reviewEvents, reviews } from "../../src/db/schema";
import { TEST_DATABASE_URL } from "../helpers";
import { bundleEntries } from "../helpers/bundled";
import { seedCompany } from "../pipeline/fixtures";
import { createSharedDatabase, type SharedDatabase } from "../pipeline/shared-database";

const NOW = new Date("2031-06-15T08:00:00Z");
const DAY = 86_400_000;

type JobResult = { published: number; warned: number; expired: number; purged: number };

/** `jobs-process.ts` (the bundled `script`) in a process of its own; its result line. */
function runJobsProcess(script: string, env: Record<string, string>): Promise<JobResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("result "));
      if (code === 0 && line) resolve(JSON.parse(line.slice("result ".length)) as JobResult);
      else reject(new Error(`jobs process exited ${code}:\n${out}`));
    });
  });
}

// Two processes on one PostgreSQL (PGlite is one process by nature).
describe.skipIf(!TEST_DATABASE_URL)("certified-review jobs in two processes on one PostgreSQL", () => {
  let shared: SharedDatabase;
  let database: Database;
  let bundle: Awaited<ReturnType<typeof bundleEntries>> | undefined;
  beforeAll(async () => {
    shared = await createSharedDatabase("postgres");
    database = await shared.open();
    // Bundled as the build bundles the server: a process starts from it in a fraction of a second, where
    // tsx took seconds to load the same graph.
    bundle = await bundleEntries({ "jobs-process": "test/certification/jobs-process.ts" });
  });
  afterAll(async () => {
    await database?.close();
    await shared?.dispose();
    bundle?.remove();
  });

  // Two processes (under tsx, 30 s were not enough at a load of 25).
  it("publishes, warns and expires each review exactly once", async () => {
    const db = database.db;
    const { company, product } = await seedCompany(db);
    const groups = [
      { n: 1200, status: "pending", createdAt: new Date(NOW.getTime() - 31 * DAY), moderatedAt: null },
      { n: 600, status: "pending", createdAt: new Date(NOW.getTime() - 28 * DAY), moderatedAt: null },
      {
        n: 600,
        status: "approved",
        createdAt: new Date(NOW.getTime() - 5 * 366 * DAY),
        moderatedAt: new Date(NOW.getTime() - 5 * 366 * DAY),
      },
    ];
    for (const group of groups) {
      const ids = Array.from({ length: group.n }, () => randomUUID());
      await db.insert(orders).values(
        ids.map((id) => ({
          id,
          companyId: company.id,
          productId: product.id,
          reference: id,
          buyerEmail: `${id}@exemple.fr`,
          orderDate: group.createdAt,
          reviewKeyHash: id,
        })),
      );
      await db.insert(reviews).values(
        ids.map((orderId) => ({
          companyId: company.id,
          productId: product.id,
          orderId,
          rating: "3.00",
          comment: "Correct.",
          status: group.status,
          createdAt: group.createdAt,
          moderatedAt: group.moderatedAt,
        })),
      );
    }

    const env = {
      DATABASE_URL: shared.env.DATABASE_URL ?? "",
      CLOCK: NOW.toISOString(),
      // Both loaded by then (the bundle loads in well under a second): they race from the same instant.
      START_AT: String(Date.now() + 1500),
    };
    const script = bundle?.path("jobs-process") ?? "";
    const [a, b] = await Promise.all([runJobsProcess(script, env), runJobsProcess(script, env)]);
    expect(a.published + b.published).toBe(1200);
    expect(a.warned + b.warned).toBe(600);
    expect(a.expired + b.expired).toBe(600);

    const eventsOf = async (kind: string) => {
      const [row] = await db
        .select({ rows: count(), reviews: countDistinct(reviewEvents.reviewId) })
        .from(reviewEvents)
        .where(eq(reviewEvents.kind, kind));
      return row;
    };
    expect(await eventsOf("auto_published")).toEqual({ rows: 1200, reviews: 1200 });
    expect(await eventsOf("expired")).toEqual({ rows: 600, reviews: 600 });
    const [states] = await db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.companyId, company.id), eq(reviews.status, "pending")));
    expect(states?.n).toBe(600);
    const warnings = await db
      .select()
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.companyId, company.id), eq(emailDeliveries.kind, "publication_warning")));
    // One e-mail per company and day, whichever process got there first.
    expect(warnings).toHaveLength(1);
  }, 120_000);
});
