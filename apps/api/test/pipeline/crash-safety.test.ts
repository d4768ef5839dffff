import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { emailDeliveries, reviews } from "../../src/db/schema";
import { createSmtpMailer } from "../../src/mail/smtp-mailer";
import { addDays, createMailWorker, onReviewSubmitted } from "../../src/modules/pipeline";
import { SQL_TEST_DATABASES, TEST_DATABASE_URL } from "../helpers";
import { KEYS, SECRET, seedCompany, seedOrder } from "./fixtures";
import { type HoldingSmtp, startHoldingSmtp } from "./holding-smtp";
import { createSharedDatabase, type SharedDatabase } from "./shared-database";
import { bundleWorkerProcess, spawnWorkerProcess, type WorkerProcess } from "./worker-processes";

const NOW = new Date("2026-03-02T10:00:00Z");
/** The killed worker's lease (on the database's clock), short so the restart does not wait 30 s. */
const CRASH_LEASE_MS = 2000;

let workerBundle: Awaited<ReturnType<typeof bundleWorkerProcess>>;
beforeAll(async () => {
  workerBundle = await bundleWorkerProcess();
});
afterAll(() => workerBundle?.remove());

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

async function setUp(kind: "pglite" | "postgres") {
  const shared: SharedDatabase = await createSharedDatabase(kind);
  cleanups.push(() => shared.dispose());
  const smtp: HoldingSmtp = await startHoldingSmtp();
  cleanups.push(() => smtp.close());
  return { shared, smtp };
}

function startWorker(shared: SharedDatabase, smtp: HoldingSmtp, from: string, concurrency = 1, batch = 50) {
  const worker: WorkerProcess = spawnWorkerProcess(workerBundle.path("worker-process"), {
    ...shared.env,
    SMTP_URL: smtp.url,
    MAIL_FROM: from,
    REVIEW_KEY_SECRET: SECRET,
    CLOCK: NOW.toISOString(),
    CONCURRENCY: String(concurrency),
    BATCH: String(batch),
    LEASE_MS: String(CRASH_LEASE_MS),
  });
  cleanups.push(() => worker.kill("SIGKILL"));
  return worker;
}

async function deliveryStates(database: Database) {
  return (await database.db.select().from(emailDeliveries)).map((d) => `${d.kind}:${d.status}:${d.attempts}`);
}

describe.each(SQL_TEST_DATABASES)("mail worker crash safety on %s", (kind) => {
  it("a worker process killed in the middle of a send, then restarted: exactly one e-mail per order and kind", async () => {
    const { shared, smtp } = await setUp(kind);
    let database = await shared.open();
    const { company, product } = await seedCompany(database.db, { sendReminder: false });
    const due = [];
    for (let i = 0; i < 3; i++) due.push(await seedOrder(database.db, company, product, addDays(NOW, -3)));
    const reviewed = await seedOrder(database.db, company, product, addDays(NOW, -1));
    await database.db.transaction(async (tx) => {
      await tx
        .insert(reviews)
        .values({ companyId: company.id, productId: product.id, orderId: reviewed.id, rating: "5" });
      await onReviewSubmitted(tx, reviewed, NOW);
    });
    // PGlite is one process's database: the worker process gets it to itself.
    await database.close();

    const held = smtp.hold();
    const first = startWorker(shared, smtp, "first@certavis.test");
    await held;
    // Whole messages are on the SMTP server, which has not answered yet: the worker dies now.
    await first.kill("SIGKILL");
    smtp.release();
    expect(smtp.accepted).toEqual([]);

    database = await shared.open();
    cleanups.push(() => database.close());
    // Nothing was recorded as sent: the dead worker's claimed rows wait for their lease to run out.
    const afterCrash = (await deliveryStates(database)).sort();
    expect(afterCrash.filter((s) => s.startsWith("request:cancelled"))).toEqual(["request:cancelled:0"]);
    const pending = afterCrash.filter((s) => !s.startsWith("request:cancelled"));
    expect(pending).toHaveLength(4);
    expect(
      pending.every((s) => /:(scheduled:0|sending:1)$/.test(s)),
      pending.join(),
    ).toBe(true);
    expect(pending.some((s) => s.endsWith(":sending:1"))).toBe(true);

    const mailer = createSmtpMailer(smtp.url, "restarted@certavis.test");
    cleanups.push(() => mailer.close());
    const restarted = createMailWorker({
      db: database.db,
      mailer,
      formUrl: "https://avis.certavis.test",
      reviewKeySecret: SECRET,
      keys: () => KEYS,
      clock: { now: () => NOW },
    });
    await new Promise((resolve) => setTimeout(resolve, CRASH_LEASE_MS));
    expect(await restarted.drain()).toMatchObject({ sent: 4, retry: 0 });
    expect(await restarted.drain()).toMatchObject({ sent: 0 });
    await smtp.waitForAccepted(4);
    const received = smtp.accepted.map((m) => `${m.to} ${m.subject}`).sort();
    expect(received).toEqual(
      [
        ...due.map((o) => `${o.buyerEmail} Votre avis sur Théière <Fonte>`),
        `${reviewed.buyerEmail} Merci Léa`,
      ].sort(),
    );
    const final = (await deliveryStates(database)).sort();
    expect(final.map((s) => s.replace(/:\d+$/, ""))).toEqual([
      "request:cancelled",
      "request:sent",
      "request:sent",
      "request:sent",
      "thanks:sent",
    ]);
  }, 120_000);
});

describe.skipIf(!TEST_DATABASE_URL)("mail workers in parallel on postgres", () => {
  it("two worker processes draining the same queue never send the same e-mail", async () => {
    const { shared, smtp } = await setUp("postgres");
    const database = await shared.open();
    cleanups.push(() => database.close());
    const { company, product } = await seedCompany(database.db, { sendReminder: false });
    // Both workers poll before the e-mails exist: they race for every batch.
    const a = startWorker(shared, smtp, "worker-a@certavis.test", 4, 10);
    const b = startWorker(shared, smtp, "worker-b@certavis.test", 4, 10);
    await Promise.all([a.ready, b.ready]);
    const orders = [];
    for (let i = 0; i < 200; i++)
      orders.push(await seedOrder(database.db, company, product, addDays(NOW, -3)));
    await smtp.waitForAccepted(orders.length, 60_000);
    await expect
      .poll(async () => (await deliveryStates(database)).filter((s) => !s.startsWith("request:sent:")), {
        timeout: 10_000,
      })
      .toEqual([]);
    // Give a would-be duplicate the time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([a.kill("SIGTERM"), b.kill("SIGTERM")]);

    expect(smtp.accepted).toHaveLength(orders.length);
    expect(new Set(smtp.accepted.map((m) => m.to))).toEqual(new Set(orders.map((o) => o.buyerEmail)));
    const bySender = new Map<string, number>();
    for (const m of smtp.accepted) bySender.set(m.from, (bySender.get(m.from) ?? 0) + 1);
    expect([...bySender.keys()].sort()).toEqual(["worker-a@certavis.test", "worker-b@certavis.test"]);
    const rows = await database.db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.companyId, company.id));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  }, 120_000);
});
