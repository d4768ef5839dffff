import { PLAN_LIST, type Role } from "@certavis/domain";
import { planName } from "@certavis/i18n-fr/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const api = (path: string) => `/api/v1${path}`;

interface SubscriptionInfo {
  plans: Array<{
    type: string;
    name: string;
    price: number;
    is_current: boolean;
    price_id_configured: boolean;
  }>;
  current: {
    type: string;
    status: string;
    stripe_subscription_id: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  };
}

describe.each(TEST_DATABASES)("subscription and invoices on %s (sandbox mode)", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  const tokens = {} as Record<Role, string>;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), {
      billingAddress: "4 rue des Potiers\n44000 Nantes",
    });
    tokens.owner = company.owner.access;
    for (const role of ["admin", "manager", "moderator", "accoutant", "member"] as const) {
      tokens[role] = (await addMember(t, company, role)).access;
    }
    const other = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
    otherAdmin = (await addMember(t, other, "admin")).access;
  });
  afterAll(async () => {
    await t?.close();
  });

  const checkoutBody = (type = "CROISSANCE") => ({
    subscription_type: type,
    success_url: `${t.publicUrl}/?checkout=success`,
    cancel_url: `${t.publicUrl}/?checkout=cancel`,
  });

  it("lists the three plans of spec §9 with the company's current one, for every member", async () => {
    for (const role of ["owner", "admin", "manager", "moderator", "accoutant", "member"] as const) {
      const res = await t.inject({
        method: "GET",
        url: api("/company/subscription/"),
        headers: authHeaders(tokens[role]),
      });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      const body = expectMatchesContract<SubscriptionInfo>(res, "companySubscriptionGet");
      expect(body.plans.map((p) => [p.type, p.name, p.price])).toEqual(
        PLAN_LIST.map((p) => [p.type, planName(p.type), p.price]),
      );
      expect(body.plans.filter((p) => p.is_current).map((p) => p.type)).toEqual(["LANCEMENT"]);
      expect(body.plans.map((p) => p.price_id_configured)).toEqual([false, true, true]);
      expect(body.current).toMatchObject({
        type: "LANCEMENT",
        status: "active",
        stripe_subscription_id: null,
        current_period_end: null,
        cancel_at_period_end: false,
      });
    }
    const other = await t.inject({
      method: "GET",
      url: api("/company/subscription/"),
      headers: authHeaders(otherAdmin),
    });
    const otherBody = expectMatchesContract<SubscriptionInfo>(other, "companySubscriptionGet");
    expect(otherBody.current.type).toBe("EXPANSION");
    expect(otherBody.plans.find((p) => p.is_current)?.type).toBe("EXPANSION");
  });

  it("answers 401 anonymous and 403 'Vous n'appartenez à aucune entreprise.' without a company", async () => {
    const anonymous = await t.inject({ method: "GET", url: api("/company/subscription/") });
    expect(anonymous.statusCode).toBe(401);
    expectMatchesContract(anonymous, "companySubscriptionGet");
    const loner = await registerVerifiedUser(t);
    const res = await t.inject({
      method: "GET",
      url: api("/company/subscription/"),
      headers: authHeaders(loner.access),
    });
    expect(res.statusCode).toBe(403);
    expect(expectMatchesContract<{ detail: string }>(res, "companySubscriptionGet").detail).toBe(
      "Vous n'appartenez à aucune entreprise.",
    );
  });

  it("lets only owner, admin and accoutant open a checkout, cancel and read invoices (spec §6)", async () => {
    const allowed: Role[] = ["owner", "admin", "accoutant"];
    for (const role of ["owner", "admin", "manager", "moderator", "accoutant", "member"] as const) {
      const headers = authHeaders(tokens[role]);
      const checkout = await t.inject({
        method: "POST",
        url: api("/company/subscription/checkout-session/"),
        headers,
        payload: checkoutBody(),
      });
      const cancel = await t.inject({ method: "POST", url: api("/company/subscription/cancel/"), headers });
      const list = await t.inject({ method: "GET", url: api("/company/invoices/"), headers });
      if (allowed.includes(role)) {
        expect(checkout.statusCode, checkout.body).toBe(200);
        const session = expectMatchesContract<{ url: string; id: string }>(
          checkout,
          "companySubscriptionCheckout",
        );
        expect(session.url).toBe(`${t.publicUrl}/api/v1/billing/sandbox/${session.id}/`);
        expect(cancel.statusCode).toBe(400); // allowed, but nothing to cancel yet
        expect(list.statusCode).toBe(200);
      } else {
        for (const [res, op] of [
          [checkout, "companySubscriptionCheckout"],
          [cancel, "companySubscriptionCancel"],
          [list, "companyInvoicesList"],
        ] as const) {
          expect(res.statusCode, `${role} ${op}`).toBe(403);
          expect(expectMatchesContract<{ detail: string }>(res, op).detail).toBe(
            "Vous n'avez pas la permission d'effectuer cette action.",
          );
        }
      }
    }
  });

  it("refuses LANCEMENT, foreign redirect URLs and bad bodies with French 400s", async () => {
    const headers = authHeaders(tokens.admin);
    const free = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers,
      payload: checkoutBody("LANCEMENT"),
    });
    expect(free.statusCode).toBe(400);
    expect(expectMatchesContract<{ detail: string }>(free, "companySubscriptionCheckout").detail).toBe(
      "Une offre inférieure prend effet à la fin de la période en cours : choisissez-la dans Abonnement.",
    );

    const evil = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers,
      payload: {
        ...checkoutBody(),
        success_url: "https://evil.example/steal",
        cancel_url: "javascript:alert(1)",
      },
    });
    expect(evil.statusCode).toBe(400);
    const errors = expectMatchesContract<Record<string, string[]>>(evil, "companySubscriptionCheckout");
    expect(errors.success_url).toEqual(["Cette adresse de redirection n'est pas autorisée."]);
    expect(errors.cancel_url).toBeDefined();

    const unknownPlan = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers,
      payload: { ...checkoutBody(), subscription_type: "PLATINE" },
    });
    expect(unknownPlan.statusCode).toBe(400);
    expect(
      expectMatchesContract<Record<string, string[]>>(unknownPlan, "companySubscriptionCheckout"),
    ).toHaveProperty("subscription_type");
  });

  it("answers 'Aucun abonnement actif' when cancelling the free plan, and an empty invoice page", async () => {
    const headers = authHeaders(tokens.accoutant);
    const cancel = await t.inject({ method: "POST", url: api("/company/subscription/cancel/"), headers });
    expect(cancel.statusCode).toBe(400);
    expect(expectMatchesContract<{ detail: string }>(cancel, "companySubscriptionCancel").detail).toBe(
      "Aucun abonnement actif",
    );
    const list = await t.inject({ method: "GET", url: api("/company/invoices/"), headers });
    expect(expectMatchesContract(list, "companyInvoicesList")).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it("the Stripe webhook is refused (400) when Stripe is not configured", async () => {
    const res = await t.inject({
      method: "POST",
      url: api("/billing/stripe/webhook/"),
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
      payload: JSON.stringify({ id: "evt_1", type: "invoice.paid" }),
    });
    expect(res.statusCode).toBe(400);
    expectMatchesContract(res, "billingStripeWebhook");
  });
});
