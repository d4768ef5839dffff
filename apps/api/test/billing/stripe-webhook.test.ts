import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAccessTokenWith } from "../../src/auth/access-token";
import {
  checkoutSessions,
  companies,
  invoices,
  processedWebhookEvents,
  subscriptionsToCancel,
} from "../../src/db/schema";
import {
  cancelRetryDelayMs,
  cancelSubscriptionsAtProvider,
} from "../../src/modules/billing/subscriptions-to-cancel";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
} from "../helpers";
import { testClock } from "./clock";
import { fakeStripeNetwork, stripeEvent, unix } from "./stripe-fake";

const ADDRESS = "4 rue des Potiers\n44000 Nantes";
const api = (path: string) => `/api/v1${path}`;
const WEBHOOK_SECRET = "whsec_test_certavis_webhook_secret";

interface SubscriptionInfo {
  plans: Array<{ type: string; price_id_configured: boolean }>;
  current: {
    type: string;
    status: string;
    stripe_subscription_id: string | null;
    stripe_subscription_status: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    scheduled_change: { type: string; effective_at: string } | null;
  };
}

describe.each(TEST_DATABASES)("Stripe checkout and webhook on %s", (kind) => {
  const clock = testClock();
  const stripe = fakeStripeNetwork();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      now: clock.now,
      stripeFetch: stripe.fetch,
      config: { stripeSecretKey: "sk_test_fake", stripeWebhookSecret: WEBHOOK_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const newCompany = async () => {
    const company = await createCompanyFor(t, await registerVerifiedUser(t), { billingAddress: ADDRESS });
    const admin = await addMember(t, company, "admin");
    return { company, adminId: admin.id, adminEmail: admin.email };
  };
  const auth = async (userId: string) =>
    authHeaders(await signAccessTokenWith(t.ctx.keys, userId, clock.now()));
  const subscriptionOf = async (userId: string) => {
    const res = await t.inject({
      method: "GET",
      url: api("/company/subscription/"),
      headers: await auth(userId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return expectMatchesContract<SubscriptionInfo>(res, "companySubscriptionGet");
  };
  const invoicesOf = async (userId: string) => {
    const res = await t.inject({
      method: "GET",
      url: api("/company/invoices/"),
      headers: await auth(userId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return expectMatchesContract<{
      count: number;
      results: Array<{
        subscription_type: string;
        amount: number;
        currency: string;
        invoice_url: string | null;
      }>;
    }>(res, "companyInvoicesList");
  };

  /** Delivers `payload` (exact bytes) signed as Stripe does, at the test clock's time unless told. */
  const deliver = async (
    event: object | string,
    options: { secret?: string; timestamp?: number; signedPayload?: string } = {},
  ) => {
    const payload = typeof event === "string" ? event : JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: options.signedPayload ?? payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? unix(clock.now()),
    });
    return t.inject({
      method: "POST",
      url: api("/billing/stripe/webhook/"),
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  };
  const accepted = async (event: object | string) => {
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(expectMatchesContract(res, "billingStripeWebhook")).toEqual({ received: true });
  };
  /** A new company that paid a first checkout (CROISSANCE): its Stripe subscription is `subscriptionId`. */
  const paidCompany = async (tag: string, subscriptionId: string, at = clock.now()) => {
    const { company } = await newCompany();
    await accepted(
      stripeEvent(
        `evt_${tag}`,
        "checkout.session.completed",
        at,
        checkoutCompleted(`cs_${tag}`, company.id, "CROISSANCE", subscriptionId),
      ),
    );
    return company;
  };

  const subscriptionObject = (
    id: string,
    companyId: string,
    plan: string,
    fields: { status?: string; cancel?: boolean; start?: Date; end?: Date; customer?: string } = {},
  ) => ({
    id,
    object: "subscription",
    customer: fields.customer ?? "cus_1",
    status: fields.status ?? "active",
    cancel_at_period_end: fields.cancel ?? false,
    metadata: { company_id: companyId, plan_type: plan },
    items: {
      object: "list",
      data: [
        {
          id: `si_${id}`,
          object: "subscription_item",
          current_period_start: unix(fields.start ?? new Date("2026-03-10T09:00:00Z")),
          current_period_end: unix(fields.end ?? new Date("2026-04-10T09:00:00Z")),
        },
      ],
    },
  });
  const checkoutCompleted = (sessionId: string, companyId: string, plan: string, subscription: string) => ({
    id: sessionId,
    object: "checkout.session",
    mode: "subscription",
    payment_status: "paid",
    status: "complete",
    customer: "cus_1",
    subscription,
    client_reference_id: companyId,
    metadata: { company_id: companyId, plan_type: plan },
  });
  const paidInvoice = (
    id: string,
    companyId: string,
    plan: string,
    subscription: string,
    amount: number,
  ) => ({
    id,
    object: "invoice",
    customer: "cus_1",
    amount_paid: amount,
    currency: "eur",
    hosted_invoice_url: `https://invoice.stripe.com/i/${id}`,
    period_start: unix(new Date("2026-03-10T09:00:00Z")),
    period_end: unix(new Date("2026-03-10T09:00:00Z")),
    parent: {
      type: "subscription_details",
      subscription_details: { subscription, metadata: { company_id: companyId, plan_type: plan } },
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

  it("opens a Stripe Checkout session in subscription mode and changes nothing before the webhook", async () => {
    const { company, adminId, adminEmail } = await newCompany();
    const res = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers: await auth(adminId),
      payload: {
        subscription_type: "CROISSANCE",
        success_url: `${t.publicUrl}/?checkout=success`,
        cancel_url: `${t.publicUrl}/?checkout=cancel`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = expectMatchesContract<{ url: string; id: string }>(res, "companySubscriptionCheckout");
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const call = stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions");
    expect(call?.method).toBe("POST");
    const p = call?.params ?? new URLSearchParams();
    expect(p.get("mode")).toBe("subscription");
    expect(p.get("line_items[0][price_data][unit_amount]")).toBe("2999");
    expect(p.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(p.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    expect(p.get("metadata[company_id]")).toBe(company.id);
    expect(p.get("subscription_data[metadata][plan_type]")).toBe("CROISSANCE");
    expect(p.get("client_reference_id")).toBe(company.id);
    expect(p.get("customer_email")).toBe(adminEmail);
    expect(p.get("success_url")).toBe(`${t.publicUrl}/?checkout=success`);

    const info = await subscriptionOf(adminId);
    expect(info.current.type).toBe("LANCEMENT");
    expect(info.plans.map((plan) => plan.price_id_configured)).toEqual([false, true, true]);
    // The sandbox is off when Stripe is configured, even for a sandbox session made before.
    await t.ctx.db.insert(checkoutSessions).values({
      id: "cs_sandbox_left_over",
      companyId: company.id,
      planType: "EXPANSION",
      provider: "sandbox",
      successUrl: t.publicUrl,
      cancelUrl: t.publicUrl,
      createdAt: clock.now(),
    });
    for (const id of [session.id, "cs_sandbox_left_over"]) {
      expect((await t.inject({ method: "GET", url: api(`/billing/sandbox/${id}/`) })).statusCode).toBe(404);
      expect(
        (await t.inject({ method: "POST", url: api(`/billing/sandbox/${id}/complete/`) })).statusCode,
      ).toBe(404);
    }
    expect((await subscriptionOf(adminId)).current.type).toBe("LANCEMENT");
  });

  it("answers 503 in French when Stripe cannot be reached", async () => {
    const { adminId } = await newCompany();
    stripe.setDown(true);
    try {
      const res = await t.inject({
        method: "POST",
        url: api("/company/subscription/checkout-session/"),
        headers: await auth(adminId),
        payload: { subscription_type: "EXPANSION", success_url: t.publicUrl, cancel_url: t.publicUrl },
      });
      expect(res.statusCode).toBe(503);
      expect(JSON.parse(res.body)).toEqual({
        detail: "Le service de paiement est indisponible. Réessayez dans un instant.",
      });
    } finally {
      stripe.setDown(false);
    }
  });

  it("refuses bad signatures, tampered bodies and stale timestamps without applying anything", async () => {
    const { company, adminId } = await newCompany();
    const event = stripeEvent(
      "evt_reject",
      "checkout.session.completed",
      clock.now(),
      checkoutCompleted("cs_x", company.id, "EXPANSION", "sub_x"),
    );
    const payload = JSON.stringify(event);
    const cases = [
      await deliver(payload, { secret: "whsec_someone_else" }),
      await deliver(payload, { signedPayload: payload.replace("EXPANSION", "CROISSANCE") }),
      await deliver(payload, { timestamp: unix(clock.now()) - 10 * 60 }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(expectMatchesContract<{ detail: string }>(res, "billingStripeWebhook").detail).toBe(
        "Signature Stripe invalide.",
      );
    }
    const missing = await t.inject({
      method: "POST",
      url: api("/billing/stripe/webhook/"),
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expectMatchesContract(missing, "billingStripeWebhook");
    expect((await subscriptionOf(adminId)).current.type).toBe("LANCEMENT");

    // The same event, correctly signed, is then accepted: nothing was marked as processed.
    await accepted(payload);
    expect((await subscriptionOf(adminId)).current.type).toBe("EXPANSION");
  });

  it("fulfils from the webhook: checkout completed, subscription period, paid invoice — verified on the raw body, deduplicated", async () => {
    const { company, adminId } = await newCompany();
    const [session] = await t.ctx.db
      .insert(checkoutSessions)
      .values({
        id: "cs_test_fulfil",
        companyId: company.id,
        planType: "CROISSANCE",
        provider: "stripe",
        successUrl: t.publicUrl,
        cancelUrl: t.publicUrl,
      })
      .returning();
    expect(session?.status).toBe("open");

    // Pretty-printed JSON: the signature only matches the exact bytes received.
    const completed = stripeEvent(
      "evt_completed",
      "checkout.session.completed",
      clock.now(),
      checkoutCompleted("cs_test_fulfil", company.id, "CROISSANCE", "sub_fulfil"),
    );
    await accepted(JSON.stringify(completed, null, 2));
    let info = await subscriptionOf(adminId);
    expect(info.current).toMatchObject({
      type: "CROISSANCE",
      status: "active",
      stripe_subscription_id: "sub_fulfil",
      stripe_subscription_status: "active",
    });
    const [stored] = await t.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, "cs_test_fulfil"));
    expect(stored?.status).toBe("complete");

    clock.advance(1000);
    await accepted(
      stripeEvent(
        "evt_sub_created",
        "customer.subscription.created",
        clock.now(),
        subscriptionObject("sub_fulfil", company.id, "CROISSANCE"),
      ),
    );
    info = await subscriptionOf(adminId);
    expect(info.current.current_period_end).toBe("2026-04-10T09:00:00.000Z");

    const invoiceEvent = stripeEvent(
      "evt_invoice_paid",
      "invoice.paid",
      clock.now(),
      paidInvoice("in_1", company.id, "CROISSANCE", "sub_fulfil", 2999),
    );
    await accepted(invoiceEvent);
    await accepted(invoiceEvent); // Stripe retries: same event id
    await accepted({ ...invoiceEvent, id: "evt_invoice_payment_succeeded_copy" }); // same invoice, other event
    const invoices = await invoicesOf(adminId);
    expect(invoices.count).toBe(1);
    expect(invoices.results[0]).toEqual(
      expect.objectContaining({
        subscription_type: "CROISSANCE",
        amount: 29.99,
        currency: "EUR",
        invoice_url: "https://invoice.stripe.com/i/in_1",
        period_start: "2026-03-10T09:00:00.000Z",
        period_end: "2026-04-10T09:00:00.000Z",
      }),
    );

    // A duplicate of an old event never undoes a newer state.
    clock.advance(1000);
    await accepted(
      stripeEvent(
        "evt_past_due",
        "customer.subscription.updated",
        clock.now(),
        subscriptionObject("sub_fulfil", company.id, "CROISSANCE", { status: "past_due" }),
      ),
    );
    await accepted(completed);
    expect((await subscriptionOf(adminId)).current.stripe_subscription_status).toBe("past_due");
  });

  it("tolerates events out of order: stale updates are dropped and a deleted subscription stays deleted", async () => {
    const { company, adminId } = await newCompany();
    const base = clock.now();
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
    const sub = (fields: Parameters<typeof subscriptionObject>[3]) =>
      subscriptionObject("sub_order", company.id, "EXPANSION", fields);

    // Reversed delivery: the invoice and the subscription arrive before the checkout completion.
    await accepted(
      stripeEvent(
        "evt_o_invoice",
        "invoice.paid",
        at(3),
        paidInvoice("in_order", company.id, "EXPANSION", "sub_order", 7999),
      ),
    );
    await accepted(
      stripeEvent("evt_o_cancel", "customer.subscription.updated", at(20), sub({ cancel: true })),
    );
    await accepted(stripeEvent("evt_o_created", "customer.subscription.created", at(2), sub({})));
    await accepted(
      stripeEvent(
        "evt_o_checkout",
        "checkout.session.completed",
        at(1),
        checkoutCompleted("cs_order", company.id, "EXPANSION", "sub_order"),
      ),
    );
    let info = await subscriptionOf(adminId);
    expect(info.current).toMatchObject({
      type: "EXPANSION",
      stripe_subscription_id: "sub_order",
      cancel_at_period_end: true,
    });
    expect((await invoicesOf(adminId)).results.map((i) => [i.subscription_type, i.amount])).toEqual([
      ["EXPANSION", 79.99],
    ]);

    await accepted(
      stripeEvent(
        "evt_o_deleted",
        "customer.subscription.deleted",
        at(40),
        sub({ status: "canceled", cancel: true }),
      ),
    );
    await accepted(
      stripeEvent("evt_o_late_update", "customer.subscription.updated", at(30), sub({ cancel: false })),
    );
    await accepted(
      stripeEvent("evt_o_after", "customer.subscription.updated", at(50), sub({ status: "active" })),
    );
    info = await subscriptionOf(adminId);
    expect(info.current).toMatchObject({
      type: "LANCEMENT",
      status: "active",
      stripe_subscription_status: "canceled",
      cancel_at_period_end: false,
    });
  });

  it("a plan change replaces the subscription, cancels the old one at Stripe, and ignores the old one's events", async () => {
    const { company, adminId } = await newCompany();
    const base = clock.now();
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
    await accepted(
      stripeEvent(
        "evt_pc_1",
        "checkout.session.completed",
        at(1),
        checkoutCompleted("cs_pc_1", company.id, "CROISSANCE", "sub_old"),
      ),
    );
    await accepted(
      stripeEvent(
        "evt_pc_2",
        "checkout.session.completed",
        at(60),
        checkoutCompleted("cs_pc_2", company.id, "EXPANSION", "sub_new"),
      ),
    );
    expect(stripe.calls.some((c) => c.method === "DELETE" && c.path === "/v1/subscriptions/sub_old")).toBe(
      true,
    );
    await accepted(
      stripeEvent(
        "evt_pc_3",
        "customer.subscription.deleted",
        at(61),
        subscriptionObject("sub_old", company.id, "CROISSANCE", { status: "canceled" }),
      ),
    );
    await accepted(
      stripeEvent(
        "evt_pc_4",
        "customer.subscription.updated",
        at(30),
        subscriptionObject("sub_old", company.id, "CROISSANCE"),
      ),
    );
    const info = await subscriptionOf(adminId);
    expect(info.current).toMatchObject({
      type: "EXPANSION",
      stripe_subscription_id: "sub_new",
      status: "active",
    });
  });

  it("keeps a replaced subscription whose cancel failed at Stripe and retries it until Stripe confirms", async () => {
    const base = clock.now();
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
    const pendingCancel = async (id: string) =>
      t.ctx.db.select().from(subscriptionsToCancel).where(eq(subscriptionsToCancel.subscriptionId, id));
    const cancels = (id: string) =>
      stripe.calls.filter((c) => c.method === "DELETE" && c.path === `/v1/subscriptions/${id}`).length;
    const company = await paidCompany("rc_1", "sub_rc_old", at(1));
    stripe.setDown(true);
    try {
      // The plan change itself is applied (200): only the old subscription's cancel waits.
      await accepted(
        stripeEvent(
          "evt_rc_2",
          "checkout.session.completed",
          at(60),
          checkoutCompleted("cs_rc_2", company.id, "EXPANSION", "sub_rc_new"),
        ),
      );
      expect(cancels("sub_rc_old")).toBeGreaterThan(0);
      expect(await pendingCancel("sub_rc_old")).toMatchObject([{ attempts: 1 }]);
      // Not due yet: nothing is tried.
      const tried = cancels("sub_rc_old");
      await cancelSubscriptionsAtProvider(t.ctx, t.app.log);
      expect(cancels("sub_rc_old")).toBe(tried);
      // Due, still down: one more attempt, a longer wait.
      clock.advance(61_000);
      expect(await cancelSubscriptionsAtProvider(t.ctx, t.app.log)).toBe(0);
      const [second] = await pendingCancel("sub_rc_old");
      expect(second?.attempts).toBe(2);
      expect(second?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + cancelRetryDelayMs(2));
    } finally {
      stripe.setDown(false);
    }
    clock.advance(cancelRetryDelayMs(2));
    expect(await cancelSubscriptionsAtProvider(t.ctx, t.app.log)).toBeGreaterThanOrEqual(1);
    expect(await pendingCancel("sub_rc_old")).toEqual([]);
    const last = stripe.calls.filter((c) => c.path === "/v1/subscriptions/sub_rc_old").at(-1);
    expect(last?.params.get("prorate")).toBe("true");
  });

  it("deleting a paying company cancels its subscription at Stripe, retried if Stripe is down", async () => {
    const deleteCompany = async (company: { owner: { id: string; password: string } }) => {
      const res = await t.inject({
        method: "DELETE",
        url: api("/company/"),
        headers: await auth(company.owner.id),
        payload: { password: company.owner.password },
      });
      expect(res.statusCode, res.body).toBe(204);
    };
    const cancelled = (id: string) =>
      stripe.calls.some((c) => c.method === "DELETE" && c.path === `/v1/subscriptions/${id}`);
    const pending = (id: string) =>
      t.ctx.db.select().from(subscriptionsToCancel).where(eq(subscriptionsToCancel.subscriptionId, id));

    const paying = await paidCompany("del_1", "sub_del_1");
    await deleteCompany(paying);
    expect(cancelled("sub_del_1")).toBe(true);
    expect(await pending("sub_del_1")).toEqual([]);

    const second = await paidCompany("del_2", "sub_del_2");
    stripe.setDown(true);
    try {
      await deleteCompany(second);
    } finally {
      stripe.setDown(false);
    }
    expect(await pending("sub_del_2")).toHaveLength(1);
    clock.advance(cancelRetryDelayMs(1));
    await cancelSubscriptionsAtProvider(t.ctx, t.app.log);
    expect(await pending("sub_del_2")).toEqual([]);
  });

  it("forgets a replaced subscription Stripe no longer knows (404)", async () => {
    const base = clock.now();
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
    stripe.answer((call) =>
      call.method === "DELETE" && call.path === "/v1/subscriptions/sub_gone_old"
        ? { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing" } } }
        : undefined,
    );
    const company = await paidCompany("gone_1", "sub_gone_old", at(1));
    await accepted(
      stripeEvent(
        "evt_gone_2",
        "checkout.session.completed",
        at(60),
        checkoutCompleted("cs_gone_2", company.id, "EXPANSION", "sub_gone_new"),
      ),
    );
    const rows = await t.ctx.db
      .select()
      .from(subscriptionsToCancel)
      .where(eq(subscriptionsToCancel.subscriptionId, "sub_gone_old"));
    expect(rows).toEqual([]);
  });

  it("cancels at the period end through Stripe and returns current_period_end", async () => {
    const { company, adminId } = await newCompany();
    await accepted(
      stripeEvent(
        "evt_c_1",
        "customer.subscription.created",
        clock.now(),
        subscriptionObject("sub_cancel", company.id, "CROISSANCE"),
      ),
    );
    stripe.answer((call) =>
      call.method === "POST" && call.path === "/v1/subscriptions/sub_cancel"
        ? {
            body: subscriptionObject("sub_cancel", company.id, "CROISSANCE", {
              cancel: true,
              end: new Date("2026-04-12T00:00:00Z"),
            }),
          }
        : undefined,
    );
    const res = await t.inject({
      method: "POST",
      url: api("/company/subscription/cancel/"),
      headers: await auth(adminId),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(expectMatchesContract(res, "companySubscriptionCancel")).toEqual({
      current_period_end: "2026-04-12T00:00:00.000Z",
    });
    const call = stripe.calls.findLast((c) => c.path === "/v1/subscriptions/sub_cancel");
    expect(call?.params.get("cancel_at_period_end")).toBe("true");
    const info = await subscriptionOf(adminId);
    expect(info.current).toMatchObject({ type: "CROISSANCE", cancel_at_period_end: true });
  });

  it("lowers EXPANSION to CROISSANCE at the period end through a Stripe schedule, without proration", async () => {
    const { company, adminId } = await newCompany();
    const start = clock.now();
    const end = new Date(start.getTime() + 31 * 24 * 60 * 60 * 1000);
    await accepted(
      stripeEvent(
        "evt_down_created",
        "customer.subscription.created",
        clock.now(),
        subscriptionObject("sub_down", company.id, "EXPANSION", { start, end }),
      ),
    );
    let products = 0;
    stripe.answer((call) => {
      if (call.method !== "POST") return undefined;
      if (call.path === "/v1/products") {
        products += 1;
        return products === 1
          ? { body: { id: call.params.get("id"), object: "product" } }
          : {
              status: 400,
              body: {
                error: {
                  type: "invalid_request_error",
                  code: "resource_already_exists",
                  message: "Product already exists.",
                },
              },
            };
      }
      if (call.path === "/v1/subscription_schedules") {
        return {
          body: {
            id: `sub_sched_${products}`,
            object: "subscription_schedule",
            subscription: call.params.get("from_subscription"),
            phases: [
              {
                start_date: unix(start),
                end_date: unix(end),
                items: [{ price: "price_expansion", quantity: 1 }],
                metadata: { company_id: company.id, plan_type: "EXPANSION" },
              },
            ],
          },
        };
      }
      const schedule = /^\/v1\/subscription_schedules\/(sub_sched_\d+)(\/release)?$/.exec(call.path);
      return schedule ? { body: { id: schedule[1], object: "subscription_schedule" } } : undefined;
    });
    const change = async () =>
      t.inject({
        method: "POST",
        url: api("/company/subscription/plan-change/"),
        headers: await auth(adminId),
        payload: { subscription_type: "CROISSANCE" },
      });

    const res = await change();
    expect(res.statusCode, res.body).toBe(200);
    expect(expectMatchesContract(res, "companySubscriptionScheduleChange")).toEqual({
      type: "CROISSANCE",
      effective_at: end.toISOString(),
    });
    expect(stripe.calls.findLast((c) => c.path === "/v1/products")?.params.get("id")).toBe(
      "certavis_croissance",
    );
    expect(
      stripe.calls.findLast((c) => c.path === "/v1/subscription_schedules")?.params.get("from_subscription"),
    ).toBe("sub_down");
    const update = stripe.calls.findLast((c) => c.path === "/v1/subscription_schedules/sub_sched_1");
    const p = update?.params ?? new URLSearchParams();
    expect(p.get("end_behavior")).toBe("release");
    expect(p.get("phases[0][items][0][price]")).toBe("price_expansion");
    expect(p.get("phases[0][end_date]")).toBe(String(unix(end)));
    expect(p.get("phases[1][items][0][price_data][unit_amount]")).toBe("2999");
    expect(p.get("phases[1][items][0][price_data][product]")).toBe("certavis_croissance");
    expect(p.get("phases[1][items][0][price_data][recurring][interval]")).toBe("month");
    expect(p.get("phases[1][metadata][plan_type]")).toBe("CROISSANCE");
    expect(p.get("phases[1][proration_behavior]")).toBe("none");
    expect((await subscriptionOf(adminId)).current).toMatchObject({
      type: "EXPANSION",
      scheduled_change: { type: "CROISSANCE", effective_at: end.toISOString() },
    });

    // Called off: the subscription leaves its schedule and renews as before.
    const off = await t.inject({
      method: "DELETE",
      url: api("/company/subscription/plan-change/"),
      headers: await auth(adminId),
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(stripe.calls.some((c) => c.path === "/v1/subscription_schedules/sub_sched_1/release")).toBe(true);
    expect((await subscriptionOf(adminId)).current.scheduled_change).toBeNull();

    // Chosen again (the product exists by now); a release in Stripe's dashboard calls it off too.
    expect((await change()).statusCode).toBe(200);
    expect(stripe.calls.some((c) => c.path === "/v1/subscription_schedules/sub_sched_2")).toBe(true);
    await accepted(
      stripeEvent("evt_down_released", "subscription_schedule.released", clock.now(), {
        id: "sub_sched_2",
        object: "subscription_schedule",
      }),
    );
    expect((await subscriptionOf(adminId)).current.scheduled_change).toBeNull();

    // Chosen once more, then Stripe's period end moves the company.
    expect((await change()).statusCode).toBe(200);
    expect(stripe.calls.some((c) => c.path === "/v1/subscription_schedules/sub_sched_3")).toBe(true);
    clock.set(new Date(end.getTime() + 1000));
    const next = new Date(end.getTime() + 30 * 24 * 60 * 60 * 1000);
    await accepted(
      stripeEvent(
        "evt_down_phase",
        "customer.subscription.updated",
        clock.now(),
        subscriptionObject("sub_down", company.id, "CROISSANCE", { start: end, end: next }),
      ),
    );
    await accepted(
      stripeEvent("evt_down_invoice", "invoice.paid", clock.now(), {
        ...paidInvoice("in_down", company.id, "CROISSANCE", "sub_down", 2999),
        lines: { object: "list", data: [{ id: "il_down", period: { start: unix(end), end: unix(next) } }] },
      }),
    );
    expect((await subscriptionOf(adminId)).current).toMatchObject({
      type: "CROISSANCE",
      current_period_end: next.toISOString(),
      scheduled_change: null,
    });
    expect((await invoicesOf(adminId)).results[0]).toMatchObject({
      subscription_type: "CROISSANCE",
      amount: 29.99,
    });
  });

  it("upgrades CROISSANCE → EXPANSION within the period through Stripe's proration (always_invoice); the prorated invoice credits the unused part", async () => {
    const { company, adminId } = await newCompany();
    // Two days into a 31-day period (the clock has moved through the other tests).
    const changedAt = clock.now();
    const start = new Date(changedAt.getTime() - 2 * 86_400_000);
    const end = new Date(start.getTime() + 31 * 86_400_000);
    await accepted(
      stripeEvent(
        "evt_up_1",
        "checkout.session.completed",
        clock.now(),
        checkoutCompleted("cs_up_1", company.id, "CROISSANCE", "sub_up"),
      ),
    );
    await accepted(
      stripeEvent(
        "evt_up_2",
        "customer.subscription.updated",
        clock.now(),
        subscriptionObject("sub_up", company.id, "CROISSANCE", { start, end }),
      ),
    );
    let declined = false;
    stripe.answer((call) => {
      if (call.path === "/v1/products" && call.method === "POST") {
        return { body: { id: call.params.get("id"), object: "product" } };
      }
      if (call.path !== "/v1/subscriptions/sub_up") return undefined;
      if (call.method === "GET")
        return { body: subscriptionObject("sub_up", company.id, "CROISSANCE", { start, end }) };
      if (declined) {
        return {
          status: 402,
          body: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } },
        };
      }
      return { body: subscriptionObject("sub_up", company.id, "EXPANSION", { start, end }) };
    });
    const upgrade = async () =>
      t.inject({
        method: "POST",
        url: api("/company/subscription/checkout-session/"),
        headers: await auth(adminId),
        payload: {
          subscription_type: "EXPANSION",
          success_url: `${t.publicUrl}/?checkout=success`,
          cancel_url: t.publicUrl,
        },
      });
    const sessionsBefore = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions").length;
    const res = await upgrade();
    expect(res.statusCode, res.body).toBe(200);
    expect(expectMatchesContract(res, "companySubscriptionCheckout")).toEqual({
      id: "sub_up",
      url: `${t.publicUrl}/?checkout=success`,
    });
    // The same subscription moves to the higher price: no second subscription, no new checkout.
    expect(stripe.calls.filter((c) => c.path === "/v1/checkout/sessions")).toHaveLength(sessionsBefore);
    const update = stripe.calls.findLast((c) => c.method === "POST" && c.path === "/v1/subscriptions/sub_up");
    expect(Object.fromEntries(update?.params ?? [])).toMatchObject({
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
      "items[0][id]": "si_sub_up",
      "items[0][price_data][unit_amount]": "7999",
      "items[0][price_data][product]": "certavis_expansion",
      "metadata[plan_type]": "EXPANSION",
    });

    // Stripe's invoice of the change: the unused time credited, the new price for the rest, paid at once.
    const prorated = paidInvoice("in_up", company.id, "EXPANSION", "sub_up", 4677);
    await accepted(
      stripeEvent("evt_up_3", "invoice.paid", changedAt, {
        ...prorated,
        status_transitions: { paid_at: unix(changedAt) },
        lines: {
          object: "list",
          data: [
            { id: "il_up_1", amount: -2806, period: { start: unix(changedAt), end: unix(end) } },
            { id: "il_up_2", amount: 7483, period: { start: unix(changedAt), end: unix(end) } },
          ],
        },
      }),
    );
    await accepted(
      stripeEvent(
        "evt_up_4",
        "customer.subscription.updated",
        changedAt,
        subscriptionObject("sub_up", company.id, "EXPANSION", { start, end }),
      ),
    );
    expect((await subscriptionOf(adminId)).current).toMatchObject({
      type: "EXPANSION",
      stripe_subscription_id: "sub_up",
    });
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.providerRef, "in_up"));
    expect(row).toMatchObject({
      amountCents: 4677,
      creditCents: 2806,
      subscriptionType: "EXPANSION",
      paidAt: changedAt,
      paymentMethod: "stripe",
      buyerAddress: ADDRESS,
    });

    declined = true;
    await t.ctx.db.update(companies).set({ planType: "CROISSANCE" }).where(eq(companies.id, company.id));
    const refused = await upgrade();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail:
        "Le paiement de la différence a été refusé : mettez à jour votre moyen de paiement, puis réessayez.",
    });
  });

  it("ignores events it does not use, and unknown companies (200, recorded as processed)", async () => {
    await accepted(
      stripeEvent("evt_other", "customer.created", clock.now(), { id: "cus_9", object: "customer" }),
    );
    await accepted(
      stripeEvent("evt_nobody", "invoice.paid", clock.now(), {
        ...paidInvoice("in_nobody", "00000000-0000-4000-8000-000000000000", "CROISSANCE", "sub_nobody", 2999),
        customer: "cus_nobody",
      }),
    );
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.providerRef, "in_nobody"))).toEqual([]);
    const processed = await t.ctx.db.select({ id: processedWebhookEvents.id }).from(processedWebhookEvents);
    expect(processed.map((e) => e.id)).toEqual(expect.arrayContaining(["evt_other", "evt_nobody"]));
  });
});
