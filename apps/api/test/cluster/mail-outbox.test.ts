import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { emailDeliveries } from "../../src/db/schema";
import { DELIVERY_HEADER } from "../../src/mail/dsn";
import { enqueueMail } from "../../src/mail/mail-outbox";
import type { MailMessage } from "../../src/mail/mailer";
import {
  addDays,
  createMailWorker,
  MAX_ATTEMPTS,
  manualClock,
  purgeStoredMails,
} from "../../src/modules/pipeline";
import { createTestDatabase, SQL_TEST_DATABASES, type TestDatabase } from "../helpers/databases";
import { KEYS, SECRET, seedCompany, seedOrder } from "../pipeline/fixtures";

const mail = (to: string): MailMessage => ({
  to,
  subject: "Votre code",
  text: "Réinitialisez : http://127.0.0.1/reset-password?token=secret-token",
  html: '<p><a href="http://127.0.0.1/reset-password?token=secret-token">lien</a></p>',
  code: "ABC123",
});

function flakyMailer() {
  const state = {
    down: true,
    sent: [] as MailMessage[],
    async send(message: MailMessage) {
      if (state.down) throw new Error("connect ECONNREFUSED");
      state.sent.push(message);
    },
    async close() {},
  };
  return state;
}

describe.each(SQL_TEST_DATABASES)(
  "identity and invitation mails go through the one mail queue on %s",
  (kind) => {
    let testDb: TestDatabase;
    let database: Database;
    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      database = testDb.database;
      await database.migrate();
    });
    afterAll(async () => testDb?.dispose());

    const workerFor = (mailer: ReturnType<typeof flakyMailer>, now: () => Date = () => new Date()) =>
      createMailWorker({
        db: database.db,
        mailer,
        formUrl: "http://127.0.0.1",
        reviewKeySecret: SECRET,
        keys: () => KEYS,
        clock: { now },
      });
    const rowTo = async (to: string) =>
      (await database.db.select().from(emailDeliveries).where(eq(emailDeliveries.toEmail, to)))[0];

    it("an SMTP outage delays a mail, never loses it; it is sent once when SMTP is back, then blanked", async () => {
      const mailer = flakyMailer();
      const worker = workerFor(mailer);
      await enqueueMail(database.db, mail("panne@exemple.fr"), new Date());
      expect(await worker.drain()).toMatchObject({ sent: 0, retry: 1 });
      const row = await rowTo("panne@exemple.fr");
      expect(row).toMatchObject({
        kind: "account",
        status: "scheduled",
        attempts: 1,
        lastError: "connect ECONNREFUSED",
      });
      expect(row?.scheduledAt?.getTime()).toBeGreaterThan(Date.now() + 50_000);

      mailer.down = false;
      await database.db
        .update(emailDeliveries)
        .set({ scheduledAt: new Date() })
        .where(eq(emailDeliveries.id, row?.id ?? ""));
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      expect(await worker.drain()).toMatchObject({ sent: 0 });
      // Sent as queued, with the header a delivery-status notification quotes to name it (mail/dsn.ts).
      expect(mailer.sent).toEqual([{ ...mail("panne@exemple.fr"), headers: { [DELIVERY_HEADER]: row?.id } }]);
      // The reset link and the code are not kept once the mail is sent.
      expect(await rowTo("panne@exemple.fr")).toMatchObject({
        status: "sent",
        textBody: null,
        htmlBody: null,
        code: null,
      });
    });

    it("a mail that never goes through is dead after the queue's last attempt, and blanked", async () => {
      const clock = manualClock(new Date());
      const mailer = flakyMailer();
      const worker = workerFor(mailer, clock.now);
      await enqueueMail(database.db, mail("mort@exemple.fr"), clock.now());
      for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
        await worker.drain();
        clock.advanceDays(1);
      }
      expect(await rowTo("mort@exemple.fr")).toMatchObject({
        status: "failed",
        attempts: MAX_ATTEMPTS,
        textBody: null,
        htmlBody: null,
        code: null,
      });
    });

    it("a mail claimed by an instance that died is sent by another once its lease ends on the database's clock", async () => {
      await enqueueMail(database.db, mail("orphelin@exemple.fr"), new Date());
      const where = eq(emailDeliveries.toEmail, "orphelin@exemple.fr");
      // As a killed instance leaves it: sending, lease not renewed any more.
      await database.db
        .update(emailDeliveries)
        .set({ status: "sending", attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
        .where(where);
      const mailer = flakyMailer();
      mailer.down = false;
      // An instance whose own clock runs ahead does not take a lease the database says is running.
      expect(await workerFor(mailer, () => addDays(new Date(), 1)).drain()).toMatchObject({ sent: 0 });
      await database.db
        .update(emailDeliveries)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(where);
      expect(await workerFor(mailer).drain()).toMatchObject({ sent: 1 });
      expect(mailer.sent.map((m) => m.to)).toEqual(["orphelin@exemple.fr"]);
      expect(await rowTo("orphelin@exemple.fr")).toMatchObject({ status: "sent", attempts: 2 });
    });

    it("a worker that lost its lease to another claim records nothing and renews nothing", async () => {
      await enqueueMail(database.db, mail("double@exemple.fr"), new Date());
      let release!: () => void;
      let started!: () => void;
      const sendStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      const slow = {
        async send() {
          started();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        },
        async close() {},
      };
      const worker = createMailWorker({
        db: database.db,
        mailer: slow,
        formUrl: "http://127.0.0.1",
        reviewKeySecret: SECRET,
        keys: () => KEYS,
        leaseMs: 300,
      });
      const run = worker.runOnce();
      await sendStarted;
      // Another worker's claim (as after a lease that ran out): its token, its lease.
      const otherToken = "00000000-0000-4000-8000-000000000000";
      const otherLease = new Date(Date.now() + 3_600_000);
      await database.db
        .update(emailDeliveries)
        .set({ leaseToken: otherToken, leaseUntil: otherLease })
        .where(eq(emailDeliveries.toEmail, "double@exemple.fr"));
      await new Promise((resolve) => setTimeout(resolve, 400));
      release();
      await run;
      expect(await rowTo("double@exemple.fr")).toMatchObject({
        status: "sending",
        leaseToken: otherToken,
        leaseUntil: otherLease,
      });
    });

    it("an account mail goes before a backlog of order e-mails due earlier", async () => {
      const { company, product } = await seedCompany(database.db, { sendReminder: false });
      for (let i = 0; i < 3; i++) await seedOrder(database.db, company, product, addDays(new Date(), -10));
      await enqueueMail(database.db, mail("presse@exemple.fr"), new Date());
      const mailer = flakyMailer();
      mailer.down = false;
      const worker = createMailWorker({
        db: database.db,
        mailer,
        formUrl: "http://127.0.0.1",
        reviewKeySecret: SECRET,
        keys: () => KEYS,
        batchSize: 1,
      });
      expect(await worker.runOnce()).toMatchObject({ sent: 1 });
      expect(mailer.sent.map((m) => m.to)).toEqual(["presse@exemple.fr"]);
      expect(await worker.drain()).toMatchObject({ sent: 3 });
    });

    it("sent account and test mails are deleted a week after they were queued", async () => {
      const now = new Date();
      await enqueueMail(database.db, mail("ancien@exemple.fr"), addDays(now, -8));
      await enqueueMail(database.db, mail("recent@exemple.fr"), addDays(now, -6));
      await database.db
        .update(emailDeliveries)
        .set({ status: "sent" })
        .where(eq(emailDeliveries.kind, "account"));
      expect(await purgeStoredMails(database.db, now)).toBeGreaterThanOrEqual(1);
      expect(await rowTo("ancien@exemple.fr")).toBeUndefined();
      expect(await rowTo("recent@exemple.fr")).toMatchObject({ status: "sent" });
    });
  },
);
