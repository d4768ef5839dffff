import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { emailDeliveries, emailSuppressions, orders } from "../../src/db/schema";
import { createSmtpMailer } from "../../src/mail/smtp-mailer";
import { addDays, createMailWorker, manualClock } from "../../src/modules/pipeline";
import { createTestDatabase, DEFAULT_TEST_DATABASE, type TestDatabase } from "../helpers/databases";
import { startTestSmtp, type TestSmtp } from "../helpers/smtp";
import { SECRET, seedCompany, seedOrder } from "./fixtures";

/** Who sends on behalf of Certavis, and the credentials the SMTP server expects. */
const FROM = "Certavis <avis@certavis.test>";
const AUTH = { user: "certavis", pass: "s3cret" };

describe("SMTP refusals: only a refused recipient is a bounce", () => {
  let testDb: TestDatabase;
  let database: Database;
  let smtp: TestSmtp;

  beforeAll(async () => {
    testDb = await createTestDatabase(DEFAULT_TEST_DATABASE);
    database = testDb.database;
    smtp = await startTestSmtp({ auth: AUTH });
  });
  afterAll(async () => {
    await testDb?.dispose();
    await smtp?.close();
  });

  function workerWith(clock: ReturnType<typeof manualClock>) {
    const alerts: { message: string; extra: Record<string, unknown> | undefined }[] = [];
    const mailer = createSmtpMailer(`${smtp.url}?pool=false`, FROM);
    const worker = createMailWorker({
      db: database.db,
      mailer,
      clock,
      formUrl: "http://f",
      reviewKeySecret: SECRET,
      alert: (message, extra) => alerts.push({ message, extra }),
    });
    return { worker, alerts, mailer };
  }

  const deliveriesOf = (orderId: string) =>
    database.db
      .select({ kind: emailDeliveries.kind, status: emailDeliveries.status })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.orderId, orderId));

  it("535, then 553 at MAIL FROM, then 554 after DATA: retried, reported, nobody suppressed, each mail sent once", async () => {
    smtp.clear();
    const clock = manualClock(new Date("2026-03-02T10:00:00Z"));
    const { company, product } = await seedCompany(database.db);
    const buyers = await Promise.all(
      Array.from({ length: 5 }, () => seedOrder(database.db, company, product, addDays(clock.now(), -3))),
    );
    const { worker, alerts, mailer } = workerWith(clock);

    smtp.refuseAuth = () => 535;
    expect(await worker.drain()).toMatchObject({ sent: 0, retry: 5, dead: 0 });
    smtp.refuseAuth = undefined;
    smtp.refuseSender = () => 553;
    clock.advanceDays(1 / 24);
    expect(await worker.drain()).toMatchObject({ sent: 0, retry: 5, dead: 0 });
    smtp.refuseSender = undefined;
    smtp.refuseData = () => 554;
    clock.advanceDays(1 / 24);
    expect(await worker.drain()).toMatchObject({ sent: 0, retry: 5, dead: 0 });
    smtp.refuseData = undefined;
    expect(smtp.messages).toHaveLength(0);
    // The operators hear of it at every refusal (error level), with the server's reply.
    expect(alerts).toHaveLength(15);
    expect(alerts[0]?.message).toBe("SMTP server refused a mail: not the recipient's fault, retried");
    expect(alerts[0]?.extra).toMatchObject({ responseCode: 535 });
    expect(alerts.map((a) => a.extra?.responseCode)).toEqual([
      ...Array(5).fill(535),
      ...Array(5).fill(553),
      ...Array(5).fill(554),
    ]);

    // The server accepts again: every request goes out once, then every reminder once.
    clock.advanceDays(1 / 24);
    expect(await worker.drain()).toMatchObject({ sent: 5, retry: 0, dead: 0 });
    clock.advanceDays(2);
    expect(await worker.drain()).toMatchObject({ sent: 5, retry: 0, dead: 0 });
    expect(await worker.drain()).toMatchObject({ sent: 0 });
    await mailer.close();
    for (const buyer of buyers) {
      expect(smtp.mailsTo(buyer.buyerEmail).map((m) => m.subject)).toEqual([
        "Votre avis sur Théière <Fonte>",
        "Rappel : Théière <Fonte>",
      ]);
      expect(await deliveriesOf(buyer.id)).toHaveLength(2);
    }
    const suppressed = await database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.companyId, company.id));
    expect(suppressed).toEqual([]);
    const stops = await database.db
      .select({ emailStop: orders.emailStop })
      .from(orders)
      .where(eq(orders.companyId, company.id));
    expect(stops.map((o) => o.emailStop)).toEqual(Array(5).fill(null));
  });

  it("a 550 at RCPT TO is the buyer's bounce: suppressed at once, reminder cancelled, no alert", async () => {
    smtp.clear();
    const clock = manualClock(new Date("2026-03-02T10:00:00Z"));
    const { company, product } = await seedCompany(database.db);
    const gone = await seedOrder(database.db, company, product, addDays(clock.now(), -3));
    const kept = await seedOrder(database.db, company, product, addDays(clock.now(), -3));
    smtp.refuse = (address) => (address === gone.buyerEmail ? 550 : null);
    const { worker, alerts, mailer } = workerWith(clock);
    expect(await worker.drain()).toMatchObject({ sent: 1, dead: 1, retry: 0 });
    smtp.refuse = undefined;
    await mailer.close();
    expect(alerts).toEqual([]);
    expect(smtp.mailsTo(kept.buyerEmail)).toHaveLength(1);
    expect(smtp.mailsTo(gone.buyerEmail)).toHaveLength(0);
    const suppressed = await database.db
      .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
      .from(emailSuppressions)
      .where(eq(emailSuppressions.companyId, company.id));
    expect(suppressed).toEqual([{ email: gone.buyerEmail, reason: "bounce" }]);
    expect((await deliveriesOf(gone.id)).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "reminder", status: "cancelled" },
      { kind: "request", status: "failed" },
    ]);
    const [stop] = await database.db
      .select({ emailStop: orders.emailStop })
      .from(orders)
      .where(eq(orders.id, gone.id));
    expect(stop?.emailStop).toBe("bounced");
  });
});
