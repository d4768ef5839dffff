/**
 * An order anonymised (erasure, retention) while the mail worker claims its e-mail. The anonymisation
 * locks the order, then cancels its e-mails; the worker's claim locks e-mails, then kept the review keys
 * of their orders valid in the same transaction. An erasure also writes rows of the company (its
 * suppression row, trail events) before it cancels the buyer's other e-mails (thanks, replies); the
 * claim locked the company for its quota so that no such row could be written meanwhile. And the
 * webhook worker's claim stores the bodies of its messages one by one while the erasure blanks the
 * buyer's. On PostgreSQL each pair deadlocked, and one of them failed (the erasure's answer a 500).
 * PostgreSQL only: PGlite runs one transaction at a time, so nothing there waits on a lock.
 */
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { emailDeliveries, emailSuppressions, orders, webhookMessages } from "../../src/db/schema";
import { createFileStorage, type FileStorage } from "../../src/lib/storage";
import { blankWebhookPayloads } from "../../src/lib/webhook-outbox";
import { createMailWorker } from "../../src/modules/pipeline";
import { anonymizeOrders } from "../../src/modules/privacy/anonymize-orders";
import { messageBodies } from "../../src/modules/webhooks/payload";
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from "../helpers/databases";
import { KEYS, memoryMailer, SECRET, seedCompany, seedOrder } from "../pipeline/fixtures";

describe.skipIf(!TEST_DATABASE_URL)(
  "an order anonymised while its e-mail is being claimed, on postgres",
  () => {
    let testDb: TestDatabase;
    let database: Database;
    beforeAll(async () => {
      testDb = await createTestDatabase("postgres");
      database = testDb.database;
    });
    afterAll(async () => testDb?.dispose());

    /** Backends of this database waiting on a lock another holds. */
    async function lockWaiters(): Promise<number> {
      const result = await database.pool?.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      return result?.rows[0]?.waiting ?? 0;
    }

    async function orderOfFourDaysAgo() {
      const { company, product } = await seedCompany(database.db, { sendReminder: false });
      return seedOrder(database.db, company, product, new Date(Date.now() - 4 * 86_400_000));
    }
    const mailWorker = (mailer: ReturnType<typeof memoryMailer>) =>
      createMailWorker({
        db: database.db,
        mailer,
        formUrl: "http://f",
        reviewKeySecret: SECRET,
        keys: () => KEYS,
      });

    it("neither deadlocks: the e-mail is cancelled, not sent, and the order's review link stays closed", async () => {
      const order = await orderOfFourDaysAgo();
      // A key about to expire, as the orders API sets one: the e-mail going out extends it.
      await database.db
        .update(orders)
        .set({ reviewKeyExpiresAt: new Date(Date.now() + 86_400_000) })
        .where(eq(orders.id, order.id));
      const mailer = memoryMailer();
      const worker = mailWorker(mailer);

      let sending: Promise<unknown> | undefined;
      await database.db.transaction(async (tx) => {
        // As erasure.ts and retention.ts do: the order first…
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
        sending = worker.runOnce();
        // …the worker now waits on that order (before: holding the e-mail's lock, inside its claim)…
        await expect.poll(lockWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
        // …then its e-mails.
        await anonymizeOrders(tx, [order.id], new Date());
      });
      await sending;

      const deliveries = await database.db
        .select({ status: emailDeliveries.status })
        .from(emailDeliveries)
        .where(inArray(emailDeliveries.orderId, [order.id]));
      expect(deliveries.map((d) => d.status)).toEqual(["cancelled"]);
      expect(mailer.sent).toEqual([]);
      const [after] = await database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after?.buyerEmail).toBe("");
      expect(after?.reviewKeyExpiresAt?.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it("an erasure that has written a row of the company does not hold the claim of its e-mail", async () => {
      const order = await orderOfFourDaysAgo();
      const mailer = memoryMailer();
      const worker = mailWorker(mailer);
      await database.db.transaction(async (tx) => {
        // As suppressAddress does: a row that names the company (its foreign key shares the company's row).
        await tx
          .insert(emailSuppressions)
          .values({ companyId: order.companyId, emailHash: "v2.test", reason: "erasure" });
        // The claim locks the e-mail, then the company for its quota: it must not wait on this transaction,
        // which cancels that e-mail next (before, it waited until this one ended: the cancel below then
        // closed the deadlock). 20 s: far more than a claim takes on a busy machine.
        let timer: NodeJS.Timeout | undefined;
        const claimed = await Promise.race([
          worker.runOnce(),
          new Promise<"waited">((resolve) => {
            timer = setTimeout(() => resolve("waited"), 20_000);
          }),
        ]).finally(() => clearTimeout(timer));
        expect(claimed).toMatchObject({ sent: 1 });
        await anonymizeOrders(tx, [order.id], new Date());
      });
      expect(mailer.sent).toHaveLength(1);
    });

    /** Two first-attempt messages of one buyer (no body yet), `low` and `high` by id. */
    async function twoMessagesOfOneBuyer() {
      const { company } = await seedCompany(database.db, { sendReminder: false });
      // `high` is written first and its subject sorts first: a blanking in the table's or the subject
      // index's order takes it first.
      const low = {
        id: "00000000-0000-4000-8000-000000000001",
        subjectId: "ffffffff-ffff-4fff-bfff-00000000000a",
      };
      const high = {
        id: "ffffffff-ffff-4fff-bfff-ffffffffffff",
        subjectId: "00000000-0000-4000-8000-00000000000a",
      };
      await database.db.delete(webhookMessages).where(inArray(webhookMessages.id, [low.id, high.id]));
      const at = new Date();
      for (const message of [high, low])
        await database.db.insert(webhookMessages).values({
          ...message,
          companyId: company.id,
          type: "review.submitted",
          occurredAt: at,
          createdAt: at,
        });
      const rows = await database.db
        .select()
        .from(webhookMessages)
        .where(eq(webhookMessages.companyId, company.id));
      return {
        companyId: company.id,
        subjects: [low.subjectId, high.subjectId],
        row: (message: { id: string }) => rows.filter((r) => r.id === message.id),
        low,
        high,
      };
    }

    /** Both messages' stored bodies keep only the subject's id (blanked). */
    async function expectBlanked(companyId: string) {
      const after = await database.db
        .select({ payload: webhookMessages.payload })
        .from(webhookMessages)
        .where(eq(webhookMessages.companyId, companyId));
      expect(after.map((m) => m.payload)).toEqual([
        expect.objectContaining({ data: { id: expect.any(String) } }),
        expect.objectContaining({ data: { id: expect.any(String) } }),
      ]);
    }

    // Made when the suite runs (a skipped suite is still collected, and would leave the folder).
    let storage: FileStorage;
    beforeAll(() => {
      storage = createFileStorage(mkdtempSync(join(tmpdir(), "certavis-bodies-")), "http://x");
    });
    afterAll(async () => storage && rm(storage.root as string, { recursive: true, force: true }));

    it("an erasure blanks a buyer's webhook messages in the order the webhook claim stores them", async () => {
      const { companyId, subjects, row, low, high } = await twoMessagesOfOneBuyer();
      let blanking: Promise<void> | undefined;
      await database.db.transaction(async (claim) => {
        // The claim stores `low`'s body (and holds its row)…
        await messageBodies(claim, storage, row(low));
        blanking = database.db.transaction((erasure) => blankWebhookPayloads(erasure, companyId, subjects));
        // …the erasure waits on it (before: holding `high` already)…
        await expect.poll(lockWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
        // …and the claim stores `high`'s: the two deadlocked here.
        await messageBodies(claim, storage, row(high));
      });
      await blanking;
      await expectBlanked(companyId);
    });

    it("the webhook claim stores its bodies in the order an erasure blanks them", async () => {
      const { companyId, subjects, row, low, high } = await twoMessagesOfOneBuyer();
      let claiming: Promise<unknown> | undefined;
      let blanking: Promise<void> | undefined;
      await database.db.transaction(async (other) => {
        // `high` held elsewhere: the claim of both (given `high` first) waits on it…
        await other.select().from(webhookMessages).where(eq(webhookMessages.id, high.id)).for("update");
        claiming = database.db.transaction((claim) =>
          messageBodies(claim, storage, [...row(high), ...row(low)]),
        );
        await expect.poll(lockWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
        // …and so does the erasure. Once `high` is free: before, the claim held `high` and waited on `low`,
        // which the erasure held while it waited on `high`.
        blanking = database.db.transaction((erasure) => blankWebhookPayloads(erasure, companyId, subjects));
        await expect.poll(lockWaiters, { timeout: 10_000 }).toBeGreaterThan(1);
      });
      await Promise.all([claiming, blanking]);
      await expectBlanked(companyId);
    });
  },
);
