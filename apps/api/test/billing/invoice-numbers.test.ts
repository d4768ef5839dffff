/**
 * Invoice numbers form one unbroken sequence in the order invoices are issued (CGI art. 242 nonies A):
 * a number is taken only once the invoice is known to be new, in the transaction that issues it, so
 * neither Stripe's repeated deliveries nor a rolled-back transaction leave a hole.
 */
import { asc, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../src/db/schema";
import {
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  SQL_TEST_DATABASES,
  type TestApp,
} from "../helpers";
import { testClock } from "./clock";
import { fakeStripeNetwork, stripeEvent, unix } from "./stripe-fake";

const WEBHOOK_SECRET = "whsec_test_certavis_invoice_numbers";

const paidInvoice = (id: string, companyId: string) => ({
  id,
  object: "invoice",
  customer: `cus_${companyId}`,
  amount_paid: 2999,
  currency: "eur",
  hosted_invoice_url: `https://invoice.stripe.com/i/${id}`,
  period_start: unix(new Date("2026-03-10T09:00:00Z")),
  period_end: unix(new Date("2026-03-10T09:00:00Z")),
  parent: {
    type: "subscription_details",
    subscription_details: {
      subscription: `sub_${companyId}`,
      metadata: { company_id: companyId, plan_type: "CROISSANCE" },
    },
  },
  lines: {
    object: "list",
    data: [
      {
        id: `il_${id}`,
        period: {
          start: unix(new Date("2026-03-10T09:00:00Z")),
          end: unix(new Date("2026-04-10T09:00:00Z")),
        },
      },
    ],
  },
});

describe.each(SQL_TEST_DATABASES)("invoice numbers on %s", (kind) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      kind,
      now: clock.now,
      stripeFetch: fakeStripeNetwork().fetch,
      config: { stripeSecretKey: "sk_test_fake", stripeWebhookSecret: WEBHOOK_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Delivers `event` signed as Stripe does; answers the status. */
  const deliver = async (event: object) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: unix(clock.now()),
    });
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/billing/stripe/webhook/",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
    return res.statusCode;
  };

  it("replayed deliveries and an aborted transaction leave no hole: numbers 1..n in the order of issue", async () => {
    // With their billing address: without one an invoice waits for it (held-invoices.test.ts).
    const billingAddress = "4 rue des Potiers\n44000 Nantes";
    const first = await createCompanyFor(t, await registerVerifiedUser(t), { billingAddress });
    const second = await createCompanyFor(t, await registerVerifiedUser(t), { billingAddress });
    const paid = (eventId: string, invoiceId: string, companyId: string) =>
      stripeEvent(eventId, "invoice.paid", clock.now(), paidInvoice(invoiceId, companyId));

    // The same event 5 times at once, and twice under other event ids (Stripe's retries and copies).
    const statuses = await Promise.all(
      ["evt_a", "evt_a", "evt_a_copy", "evt_a", "evt_a_copy_2", "evt_a", "evt_a"].map((eventId) =>
        deliver(paid(eventId, "in_a", first.id)),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);

    // A delivery whose transaction fails after the invoice's insert (the database gives up): rolled back.
    await t.ctx.db.execute(
      sql.raw(`CREATE FUNCTION fail_invoice_b() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.provider_ref = 'in_b' THEN RAISE EXCEPTION 'connection lost'; END IF; RETURN NEW; END $$`),
    );
    await t.ctx.db.execute(
      sql.raw(
        `CREATE TRIGGER fail_invoice_b AFTER INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION fail_invoice_b()`,
      ),
    );
    clock.advance(1000);
    expect(await deliver(paid("evt_b", "in_b", second.id))).toBe(500);
    await t.ctx.db.execute(sql.raw("DROP TRIGGER fail_invoice_b ON invoices"));
    await t.ctx.db.execute(sql.raw("DROP FUNCTION fail_invoice_b()"));

    // Another invoice meanwhile, then Stripe's retry of the failed one, replayed 5 times.
    clock.advance(1000);
    expect(await deliver(paid("evt_c", "in_c", first.id))).toBe(200);
    for (let i = 0; i < 5; i++) expect(await deliver(paid("evt_b", "in_b", second.id))).toBe(200);

    const issued = await t.ctx.db
      .select({ number: invoices.number, ref: invoices.providerRef, at: invoices.createdAt })
      .from(invoices)
      .orderBy(asc(invoices.number));
    expect(issued.map((row) => [row.number, row.ref])).toEqual([
      [1, "in_a"],
      [2, "in_c"],
      [3, "in_b"],
    ]);
    // Numbered by issue date: a higher number never carries an earlier date.
    const dates = issued.map((row) => row.at.getTime());
    expect(dates).toEqual([...dates].sort((x, y) => x - y));
  });
});
