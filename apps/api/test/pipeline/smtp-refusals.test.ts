import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { emailDeliveries, emailSuppressions, orders } from "../../src/db/schema";
import { recordWhileLeased } from "../../src/lib/leased-queue";
import { createSmtpMailer } from "../../src/mail/smtp-mailer";
import { addDays, createMailWorker, manualClock } from "../../src/modules/pipeline";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  type TestApp,
  type TestCompany,
} from "../helpers";
import { createTestDatabase, DEFAULT_TEST_DATABASE, type TestDatabase } from "../helpers/databases";
import { startTestSmtp, type TestSmtp } from "../helpers/smtp";
import { KEYS, SECRET, seedCompany, seedOrder } from "./fixtures";

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
      keys: () => KEYS,
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

describe("delivery-status notifications posted by the mail provider", () => {
  const TOKEN = "bounce-token-0123456789";
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ config: { bounceWebhookSecret: TOKEN } });
    const owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: "Maison Lumière", planType: "CROISSANCE" });
    auth = authHeaders(owner.access);
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: auth,
      payload: {
        name: "Lampe Aurore",
        status: "active",
        sku: "LAMP-DSN",
        form_id: company.defaults.formId,
        email_request_template_id: company.defaults.requestTemplateId,
        email_reminder_template_id: company.defaults.reminderTemplateId,
        send_reminder: true,
      },
    });
    expect(product.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An order whose request e-mail the SMTP server accepted: the e-mail as received. */
  async function mailedOrder(reference: string, email: string) {
    const order = expectMatchesContract<{ id: string }>(
      await t.inject({
        method: "POST",
        url: "/api/v1/orders/",
        headers: { "x-api-key": company.apiKey },
        payload: {
          sku: "LAMP-DSN",
          buyer_email: email,
          buyer_first_name: "Léa",
          buyer_last_name: "Bernard",
          reference,
          order_date: new Date(t.ctx.now().getTime() - 3 * 86_400_000).toISOString(),
        },
      }),
      "ordersCreate",
    );
    t.app.pipeline.notify();
    const mail = await t.smtp.waitForMail((m) => m.to.includes(email), 10_000);
    return { order, mail };
  }

  /** What a receiving MTA sends back (RFC 3464), quoting the original headers. */
  const dsn = (recipient: string, status: string, originalHeaders: string) =>
    [
      "From: MAILER-DAEMON@mx.exemple.fr",
      "To: bounces@certavis.test",
      "Subject: Undelivered Mail Returned to Sender",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      "",
      "--B",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "",
      "--B",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.exemple.fr",
      "",
      `Final-Recipient: rfc822; ${recipient}`,
      "Action: failed",
      `Status: ${status}`,
      `Diagnostic-Code: smtp; 550 ${status} mailbox unavailable`,
      "",
      "--B",
      "Content-Type: text/rfc822-headers",
      "",
      originalHeaders,
      "",
      "--B--",
      "",
    ].join("\r\n");

  const post = (body: string, token = TOKEN) =>
    t.inject({
      method: "POST",
      url: `/api/v1/mail/bounces/?token=${token}`,
      headers: { "content-type": "message/rfc822" },
      payload: body,
    });
  const headersOf = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/));
  const suppressed = async (email: string) =>
    (
      await t.ctx.db
        .select({ reason: emailSuppressions.reason })
        .from(emailSuppressions)
        .where(eq(emailSuppressions.email, email))
    ).map((row) => row.reason);

  it("a DSN saying the buyer's address does not exist (5.1.1) makes the accepted e-mail a bounce", async () => {
    const { order, mail } = await mailedOrder("CMD-DSN-1", "partie@exemple.fr");
    expect(mail.headers["x-certavis-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
    const report = dsn("partie@exemple.fr", "5.1.1", headersOf(mail.raw));

    const refused = await post(report, "wrong");
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: "Jeton des notifications de non-distribution invalide." });

    const res = await post(report);
    expect(res.statusCode).toBe(200);
    expect(expectMatchesContract(res, "mailBouncesReceive")).toEqual({ received: true, bounces: 1 });
    expect(await suppressed("partie@exemple.fr")).toEqual(["bounce"]);
    const rows = await t.ctx.db
      .select({ kind: emailDeliveries.kind, status: emailDeliveries.status })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.orderId, order.id));
    expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "reminder", status: "cancelled" },
      { kind: "request", status: "failed" },
    ]);
    const [row] = await t.ctx.db
      .select({ emailStop: orders.emailStop })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.emailStop).toBe("bounced");
  });

  it("a DSN that outruns the sender's own record of the e-mail wins: the lease ends, the e-mail failed", async () => {
    const { mail } = await mailedOrder("CMD-DSN-3", "rapide@exemple.fr");
    const deliveryId = mail.headers["x-certavis-delivery"] as string;
    // As it is between the SMTP server's acceptance and the sender's record: still leased.
    const token = randomUUID();
    await t.ctx.db
      .update(emailDeliveries)
      .set({ status: "sending", leaseToken: token, leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(emailDeliveries.id, deliveryId));
    const res = await post(dsn("rapide@exemple.fr", "5.1.1", headersOf(mail.raw)));
    expect(res.json()).toEqual({ received: true, bounces: 1 });
    const recorded = await recordWhileLeased(t.ctx.db, emailDeliveries, deliveryId, token, {
      status: "sent",
    });
    expect(recorded).toBe(false);
    const [row] = await t.ctx.db
      .select({ status: emailDeliveries.status, leaseToken: emailDeliveries.leaseToken })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.id, deliveryId));
    expect(row).toEqual({ status: "failed", leaseToken: null });
  });

  it("a DSN of a policy refusal (5.7.1) or about no e-mail of ours suppresses nobody", async () => {
    const { order, mail } = await mailedOrder("CMD-DSN-2", "filtre@exemple.fr");
    const policy = await post(dsn("filtre@exemple.fr", "5.7.1", headersOf(mail.raw)));
    expect(expectMatchesContract(policy, "mailBouncesReceive")).toEqual({ received: true, bounces: 0 });
    const stranger = await post(dsn("filtre@exemple.fr", "5.1.1", "Subject: autre chose"));
    expect(stranger.json()).toEqual({ received: true, bounces: 0 });
    expect(await suppressed("filtre@exemple.fr")).toEqual([]);
    const [row] = await t.ctx.db
      .select({ emailStop: orders.emailStop })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.emailStop).toBeNull();
  });
});
