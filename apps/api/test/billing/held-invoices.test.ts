/**
 * A company paying without a billing address (it subscribed before the address was asked): a
 * renewal's invoice is not issued with 'Adresse non renseignée', it waits for the address and is
 * issued, numbered and with that address, as soon as the address is given.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldInvoices, invoices } from "../../src/db/schema";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
} from "../helpers";
import { testClock } from "./clock";
import { fakeStripeNetwork, stripeEvent, unix } from "./stripe-fake";

const WEBHOOK_SECRET = "whsec_test_certavis_held_invoices";

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

describe.each(TEST_DATABASES)("invoices held for the billing address on %s", (kind) => {
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

  it("holds a renewal's invoice without address, then issues it with the address once given", async () => {
    const company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    const auth = authHeaders(company.owner.access);
    const listed = async () => {
      const res = await t.inject({ method: "GET", url: "/api/v1/company/invoices/", headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results as { number: string }[];
    };
    const paid = (eventId: string, invoiceId: string) =>
      stripeEvent(eventId, "invoice.paid", clock.now(), paidInvoice(invoiceId, company.id));

    // A renewal, delivered twice: no invoice, one payment waiting.
    expect(await deliver(paid("evt_renewal", "in_renewal"))).toBe(200);
    expect(await deliver(paid("evt_renewal_copy", "in_renewal"))).toBe(200);
    expect(await listed()).toEqual([]);
    const rows = () => t.ctx.db.select().from(invoices).where(eq(invoices.companyId, company.id));
    expect(await rows()).toEqual([]);
    const waiting = await t.ctx.db.select().from(heldInvoices).where(eq(heldInvoices.companyId, company.id));
    expect(waiting.map((row) => [row.providerRef, row.amountCents])).toEqual([["in_renewal", 2999]]);

    // Another change of the company (its name) issues nothing.
    const renamed = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: auth,
      payload: { name: "Céramiques Roy" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await rows()).toEqual([]);

    // The address given: the invoice is issued with it, once.
    clock.advance(60_000);
    const given = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: auth,
      payload: { billing_address: "4 rue des Potiers\n44000 Nantes", billing_siren: "732829320" },
    });
    expect(given.statusCode, given.body).toBe(200);
    const [issued, ...others] = await rows();
    expect(others).toEqual([]);
    expect(issued).toMatchObject({
      providerRef: "in_renewal",
      amountCents: 2999,
      buyerName: "Céramiques Roy",
      buyerAddress: "4 rue des Potiers\n44000 Nantes",
      buyerSiren: "732829320",
      paymentMethod: "stripe",
    });
    expect(await listed()).toHaveLength(1);
    expect(await t.ctx.db.select().from(heldInvoices).where(eq(heldInvoices.companyId, company.id))).toEqual(
      [],
    );

    // Later payments are issued at once, with the address; a replay of the held one changes nothing.
    clock.advance(60_000);
    expect(await deliver(paid("evt_next", "in_next"))).toBe(200);
    expect(await deliver(paid("evt_renewal_late", "in_renewal"))).toBe(200);
    const all = await rows();
    expect(all.map((row) => [row.providerRef, row.buyerAddress])).toEqual(
      expect.arrayContaining([
        ["in_renewal", "4 rue des Potiers\n44000 Nantes"],
        ["in_next", "4 rue des Potiers\n44000 Nantes"],
      ]),
    );
    expect(all).toHaveLength(2);
  });
});
