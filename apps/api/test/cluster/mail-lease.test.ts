import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import type { MailMessage } from "../../src/mail/mailer";
import { createMailWorker } from "../../src/modules/pipeline";
import { createTestDatabase, SQL_TEST_DATABASES, type TestDatabase } from "../helpers/databases";
import { KEYS, SECRET, seedCompany, seedOrder } from "../pipeline/fixtures";

// Short for the test, yet with room for a slow, shared machine (PGlite runs one query at a time).
const LEASE = 1500;

/** A mailer whose sends take `delayMs` (forever when null). */
function slowMailer(delayMs: number | null) {
  const sent: MailMessage[] = [];
  const started: MailMessage[] = [];
  return {
    sent,
    started,
    async send(message: MailMessage) {
      started.push(message);
      if (delayMs === null) await new Promise(() => {});
      await sleep(delayMs ?? 0);
      sent.push(message);
    },
    async close() {},
  };
}

describe.each(SQL_TEST_DATABASES)("mail leases on %s: short, renewed while sending", (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = testDb.database;
    await database.migrate();
  });
  afterAll(async () => testDb?.dispose());

  const worker = (mailer: ReturnType<typeof slowMailer>) =>
    createMailWorker({
      db: database.db,
      mailer,
      formUrl: "http://f",
      reviewKeySecret: SECRET,
      keys: () => KEYS,
      leaseMs: LEASE,
      pollIntervalMs: 50,
    });

  async function dueOrders(count: number): Promise<Set<string>> {
    const { company, product } = await seedCompany(database.db);
    const past = new Date(Date.now() - 4 * 24 * 3600 * 1000);
    const recipients = new Set<string>();
    for (let i = 0; i < count; i++)
      recipients.add((await seedOrder(database.db, company, product, past)).buyerEmail);
    return recipients;
  }

  const requests = (mails: MailMessage[], to: Set<string>) =>
    mails.filter((mail) => to.has(mail.to)).map((mail) => mail.to);

  it("a send slower than the lease is not taken by another worker: each e-mail once", async () => {
    const to = await dueOrders(4);
    const slow = slowMailer(2.5 * LEASE);
    const fast = slowMailer(0);
    const a = worker(slow);
    const b = worker(fast);
    const first = a.runOnce();
    // B starts once A holds the four (a fixed pause let B claim first on a loaded machine).
    await expect.poll(() => requests(slow.started, to).length, { timeout: 10_000, interval: 20 }).toBe(4);
    b.start();
    await first;
    await sleep(200);
    await b.stop();
    const all = [...requests(slow.sent, to), ...requests(fast.sent, to)];
    expect(all.sort()).toEqual([...to].sort());
    expect(requests(slow.sent, to)).toHaveLength(4);
  });

  it("the e-mails of a worker that died mid-send are sent by another one, once", async () => {
    const to = await dueOrders(3);
    const stuck = slowMailer(null);
    const dead = worker(stuck);
    dead.start();
    await sleep(300);
    await dead.stop({ abort: true }); // as if killed: its leases are neither renewed nor released
    const alive = slowMailer(0);
    const b = worker(alive);
    const started = Date.now();
    b.start();
    while (requests(alive.sent, to).length < 3 && Date.now() - started < 10_000) await sleep(50);
    await b.stop();
    expect(requests(alive.sent, to).sort()).toEqual([...to].sort());
    expect(requests(stuck.sent, to)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(LEASE + 2000);
  });
});
