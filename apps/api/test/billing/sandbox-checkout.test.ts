import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAccessTokenWith } from "../../src/auth/access-token";
import { checkoutSessions } from "../../src/db/schema";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";
import { DAY_MS, testClock } from "./clock";

const api = (path: string) => `/api/v1${path}`;
/** What a browser sends when a form without fields is submitted. */
const FORM = { "content-type": "application/x-www-form-urlencoded" };

interface SubscriptionInfo {
  plans: Array<{ type: string; is_current: boolean }>;
  current: {
    type: string;
    status: string;
    limits: { max_products: number | null };
    stripe_subscription_id: string | null;
    stripe_subscription_status: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  };
}
interface InvoicePage {
  count: number;
  results: Array<{
    subscription_type: string;
    amount: number;
    currency: string;
    period_start: string;
    period_end: string;
    invoice_url: string | null;
  }>;
}

describe.each(TEST_DATABASES)("sandbox checkout on %s", (kind) => {
  const clock = testClock();
  let t: TestApp;
  let company: TestCompany;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: clock.now });
    company = await createCompanyFor(t, await registerVerifiedUser(t));
    adminId = (await addMember(t, company, "admin")).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh access token at the test clock's time (tokens live 15 minutes and the clock moves). */
  const auth = async () => authHeaders(await signAccessTokenWith(t.ctx.keys, adminId, clock.now()));
  const subscription = async () => {
    const res = await t.inject({ method: "GET", url: api("/company/subscription/"), headers: await auth() });
    expect(res.statusCode, res.body).toBe(200);
    return expectMatchesContract<SubscriptionInfo>(res, "companySubscriptionGet");
  };
  const invoiceList = async () => {
    const res = await t.inject({ method: "GET", url: api("/company/invoices/"), headers: await auth() });
    expect(res.statusCode, res.body).toBe(200);
    return expectMatchesContract<InvoicePage>(res, "companyInvoicesList");
  };
  const openSession = async (type: string) => {
    const res = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers: await auth(),
      payload: {
        subscription_type: type,
        success_url: `${t.publicUrl}/settings/subscription?checkout=success`,
        cancel_url: `${t.publicUrl}/settings/subscription?checkout=cancel`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = expectMatchesContract<{ url: string; id: string }>(res, "companySubscriptionCheckout");
    return { ...session, path: new URL(session.url).pathname };
  };

  it("asks the billing address (SIREN and VAT number optional) before the first paid checkout", async () => {
    const refused = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers: await auth(),
      payload: { subscription_type: "CROISSANCE", success_url: t.publicUrl, cancel_url: t.publicUrl },
    });
    expect(refused.statusCode).toBe(400);
    expectMatchesContract(refused, "companySubscriptionCheckout");
    expect(refused.json()).toEqual({
      billing_address: [
        "Indiquez l'adresse de facturation de l'entreprise avant de choisir une offre payante : elle figure sur chaque facture.",
      ],
    });
    const patch = (payload: Record<string, unknown>) =>
      auth().then((headers) => t.inject({ method: "PATCH", url: api("/company/"), headers, payload }));
    const wrong = await patch({ billing_siren: "123 456 788", billing_vat_number: "44 732" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      billing_siren: ["Ce SIREN n'est pas valide : 9 chiffres."],
      billing_vat_number: ["Ce numéro de TVA intracommunautaire n'est pas valide (exemple : FR44732829320)."],
    });
    const saved = await patch({
      billing_address: "4 rue des Potiers\n44000 Nantes",
      billing_siren: "732 829 320",
      billing_vat_number: "fr 44 732829320",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      billing_address: "4 rue des Potiers\n44000 Nantes",
      billing_siren: "732829320",
      billing_vat_number: "FR44732829320",
    });
  });

  it("completes a plan change end to end: session → page → 'Payer' → redirect → plan and invoice", async () => {
    const session = await openSession("CROISSANCE");
    // Nothing changes before the payment.
    expect((await subscription()).current.type).toBe("LANCEMENT");

    const page = await t.inject({ method: "GET", url: session.path });
    expect(page.statusCode).toBe(200);
    expectMatchesContract(page, "billingSandboxPage");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain("Abonnement Croissance");
    expect(page.body).toMatch(/29,99\s€/);
    expect(page.body).toContain(company.name);
    expect(page.body).toContain(`action="${session.path}complete/"`);
    expect(page.body).toContain(`action="${session.path}cancel/"`);
    expect(page.body).toMatch(/<button[^>]*>Payer<\/button>/);
    expect(page.body).toMatch(/<button[^>]*>Annuler<\/button>/);
    // Strict CSP: no script at all, the only style by nonce.
    expect(page.body).not.toMatch(/<script|\son\w+=/i);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    expect(csp).toContain(`form-action 'self' ${t.publicUrl}`);

    const pay = await t.inject({
      method: "POST",
      url: `${session.path}complete/`,
      headers: FORM,
      payload: "",
    });
    expect(pay.statusCode, pay.body).toBe(303);
    expectMatchesContract(pay, "billingSandboxComplete");
    expect(pay.headers.location).toBe(`${t.publicUrl}/settings/subscription?checkout=success`);

    const after = await subscription();
    expect(after.current).toMatchObject({
      type: "CROISSANCE",
      status: "active",
      stripe_subscription_status: "active",
      cancel_at_period_end: false,
      current_period_end: "2026-04-10T09:00:00.000Z",
    });
    expect(after.current.limits.max_products).toBe(50);
    expect(after.current.stripe_subscription_id).toMatch(/^sub_sandbox_/);
    expect(after.plans.find((p) => p.is_current)?.type).toBe("CROISSANCE");

    const invoices = await invoiceList();
    expect(invoices.count).toBe(1);
    expect(invoices.results[0]).toMatchObject({
      subscription_type: "CROISSANCE",
      amount: 29.99,
      currency: "EUR",
      period_start: "2026-03-10T09:00:00.000Z",
      period_end: "2026-04-10T09:00:00.000Z",
      invoice_url: null,
    });

    // A finished session: the page is gone, a second 'Payer' changes nothing, 'Annuler' is refused.
    const gone = await t.inject({ method: "GET", url: session.path });
    expect(gone.statusCode).toBe(404);
    expectMatchesContract(gone, "billingSandboxPage");
    const again = await t.inject({
      method: "POST",
      url: `${session.path}complete/`,
      headers: FORM,
      payload: "",
    });
    expect(again.statusCode).toBe(303);
    expect((await invoiceList()).count).toBe(1);
    const lateCancel = await t.inject({ method: "POST", url: `${session.path}cancel/` });
    expect(lateCancel.statusCode).toBe(404);
    expectMatchesContract(lateCancel, "billingSandboxCancel");

    // Same plan again: refused.
    const same = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers: await auth(),
      payload: { subscription_type: "CROISSANCE", success_url: t.publicUrl, cancel_url: t.publicUrl },
    });
    expect(same.statusCode).toBe(400);
    expect(expectMatchesContract<{ detail: string }>(same, "companySubscriptionCheckout").detail).toBe(
      "Vous êtes déjà abonné à l'offre Croissance.",
    );
  });

  it("upgrades to EXPANSION within the period, prorated: the unused part credited, same subscription and period end", async () => {
    clock.advance(2 * DAY_MS);
    const before = (await subscription()).current;
    const session = await openSession("EXPANSION");
    // 29 days of 31 left: 79,99 × 29/31 = 74,83 € less 29,99 × 29/31 = 28,06 € credited.
    const page = await t.inject({ method: "GET", url: session.path });
    expect(page.body).toMatch(/46,77\s€/);
    expect(page.body).toMatch(/28,06\s€/);
    const pay = await t.inject({ method: "POST", url: `${session.path}complete/` });
    expect(pay.statusCode).toBe(303);
    const after = await subscription();
    expect(after.current.type).toBe("EXPANSION");
    expect(after.current.limits.max_products).toBeNull();
    expect(after.current.stripe_subscription_id).toBe(before.stripe_subscription_id);
    expect(after.current.current_period_end).toBe(before.current_period_end);
    const invoices = await invoiceList();
    expect(invoices.results.map((i) => [i.subscription_type, i.amount, i.period_start])).toEqual([
      ["EXPANSION", 46.77, "2026-03-12T09:00:00.000Z"],
      ["CROISSANCE", 29.99, "2026-03-10T09:00:00.000Z"],
    ]);
  });

  it("'Annuler' closes the session and goes back to cancel_url without changing the plan", async () => {
    const session = await openSession("CROISSANCE");
    const res = await t.inject({ method: "POST", url: `${session.path}cancel/`, headers: FORM, payload: "" });
    expect(res.statusCode).toBe(303);
    expectMatchesContract(res, "billingSandboxCancel");
    expect(res.headers.location).toBe(`${t.publicUrl}/settings/subscription?checkout=cancel`);
    expect((await subscription()).current.type).toBe("EXPANSION");
    expect((await t.inject({ method: "GET", url: session.path })).statusCode).toBe(404);
    const pay = await t.inject({ method: "POST", url: `${session.path}complete/` });
    expect(pay.statusCode).toBe(404);
    expectMatchesContract(pay, "billingSandboxComplete");
  });

  it("answers 404 for unknown and expired sessions", async () => {
    for (const id of ["cs_sandbox_unknown", "cs_test_not_a_sandbox", "x"]) {
      const page = await t.inject({ method: "GET", url: api(`/billing/sandbox/${id}/`) });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain("Session de paiement introuvable");
      const pay = await t.inject({ method: "POST", url: api(`/billing/sandbox/${id}/complete/`) });
      expect(pay.statusCode).toBe(404);
    }
    const session = await openSession("CROISSANCE");
    clock.advance(DAY_MS + 1000);
    const page = await t.inject({ method: "GET", url: session.path });
    expect(page.statusCode).toBe(404);
    const pay = await t.inject({ method: "POST", url: `${session.path}complete/` });
    expect(pay.statusCode).toBe(404);
    expect((await subscription()).current.type).toBe("EXPANSION");
  });

  it("never redirects off the allowed origins, even from a tampered session", async () => {
    const session = await openSession("CROISSANCE");
    await t.ctx.db
      .update(checkoutSessions)
      .set({ cancelUrl: "https://evil.example/phish" })
      .where(eq(checkoutSessions.id, session.id));
    const res = await t.inject({ method: "POST", url: `${session.path}cancel/` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${t.publicUrl}/?checkout=cancel`);
  });

  it("refuses url-encoded bodies outside the sandbox forms (415)", async () => {
    const res = await t.inject({
      method: "POST",
      url: api("/company/subscription/cancel/"),
      headers: { ...(await auth()), ...FORM },
      payload: "a=b",
    });
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ detail: "Type de contenu non pris en charge." });
  });

  it("renews monthly with an invoice, and a cancelled subscription ends at the period end", async () => {
    const start = await subscription();
    const periodEnd = new Date(start.current.current_period_end ?? "");
    const invoicesBefore = (await invoiceList()).count;

    clock.set(new Date(periodEnd.getTime() + 1000));
    const renewed = await subscription();
    expect(renewed.current.type).toBe("EXPANSION");
    expect(new Date(renewed.current.current_period_end ?? "").getTime()).toBeGreaterThan(
      clock.now().getTime(),
    );
    const invoices = await invoiceList();
    expect(invoices.count).toBe(invoicesBefore + 1);
    expect(invoices.results[0]).toMatchObject({
      subscription_type: "EXPANSION",
      amount: 79.99,
      period_start: periodEnd.toISOString(),
    });

    const cancel = await t.inject({
      method: "POST",
      url: api("/company/subscription/cancel/"),
      headers: await auth(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const scheduled = expectMatchesContract<{ current_period_end: string }>(
      cancel,
      "companySubscriptionCancel",
    );
    expect(scheduled.current_period_end).toBe(renewed.current.current_period_end);
    const again = await t.inject({
      method: "POST",
      url: api("/company/subscription/cancel/"),
      headers: await auth(),
    });
    expect(again.statusCode).toBe(200);
    const pending = await subscription();
    expect(pending.current).toMatchObject({
      type: "EXPANSION",
      status: "active",
      cancel_at_period_end: true,
    });

    clock.set(new Date(new Date(scheduled.current_period_end).getTime() + 1000));
    const ended = await subscription();
    expect(ended.current).toMatchObject({
      type: "LANCEMENT",
      status: "active",
      stripe_subscription_status: "canceled",
      cancel_at_period_end: false,
    });
    expect((await invoiceList()).count).toBe(invoicesBefore + 1);
    const nothing = await t.inject({
      method: "POST",
      url: api("/company/subscription/cancel/"),
      headers: await auth(),
    });
    expect(nothing.statusCode).toBe(400);
  });

  const current = async () => {
    const res = await t.inject({ method: "GET", url: api("/company/subscription/"), headers: await auth() });
    expect(res.statusCode, res.body).toBe(200);
    return expectMatchesContract<{
      current: SubscriptionInfo["current"] & {
        scheduled_change: { type: string; effective_at: string } | null;
      };
    }>(res, "companySubscriptionGet").current;
  };
  const schedule = async (type: string) =>
    t.inject({
      method: "POST",
      url: api("/company/subscription/plan-change/"),
      headers: await auth(),
      payload: { subscription_type: type },
    });
  const callOff = async () =>
    t.inject({ method: "DELETE", url: api("/company/subscription/plan-change/"), headers: await auth() });
  const detail = (res: Awaited<ReturnType<typeof schedule>>) =>
    expectMatchesContract<{ detail: string }>(res, "companySubscriptionScheduleChange").detail;
  const invoices = async () => {
    const res = await t.inject({ method: "GET", url: api("/company/invoices/"), headers: await auth() });
    return expectMatchesContract<InvoicePage>(res, "companyInvoicesList").results;
  };

  it("schedules EXPANSION → CROISSANCE for the period end, calls it off, and applies it at the renewal", async () => {
    const nothing = await schedule("CROISSANCE");
    expect(nothing.statusCode).toBe(400);
    expect(detail(nothing)).toBe("Aucun abonnement actif");

    const session = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers: await auth(),
      payload: { subscription_type: "EXPANSION", success_url: t.publicUrl, cancel_url: t.publicUrl },
    });
    await t.inject({ method: "POST", url: `${new URL(session.json().url).pathname}complete/` });
    const paid = await current();
    expect(paid).toMatchObject({ type: "EXPANSION", scheduled_change: null });
    const periodEnd = paid.current_period_end ?? "";

    const higher = await schedule("EXPANSION");
    expect(higher.statusCode).toBe(400);
    expect(detail(higher)).toBe("Choisissez une offre inférieure à votre offre actuelle.");
    const scheduled = await schedule("CROISSANCE");
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(expectMatchesContract(scheduled, "companySubscriptionScheduleChange")).toEqual({
      type: "CROISSANCE",
      effective_at: periodEnd,
    });
    expect((await schedule("CROISSANCE")).statusCode).toBe(200);
    const other = await schedule("LANCEMENT");
    expect(other.statusCode).toBe(400);
    expect(detail(other)).toBe(
      "Un changement d'offre est déjà prévu. Annulez-le avant d'en choisir un autre.",
    );
    expect(await current()).toMatchObject({
      type: "EXPANSION",
      cancel_at_period_end: false,
      scheduled_change: { type: "CROISSANCE", effective_at: periodEnd },
    });

    const off = await callOff();
    expect(off.statusCode, off.body).toBe(204);
    expectMatchesContract(off, "companySubscriptionCancelChange");
    expect((await current()).scheduled_change).toBeNull();
    const twice = await callOff();
    expect(twice.statusCode).toBe(400);
    expect(expectMatchesContract<{ detail: string }>(twice, "companySubscriptionCancelChange").detail).toBe(
      "Aucun changement d'offre prévu.",
    );

    expect((await schedule("CROISSANCE")).statusCode).toBe(200);
    clock.set(new Date(new Date(periodEnd).getTime() - 1000));
    expect((await current()).type).toBe("EXPANSION");
    clock.set(new Date(new Date(periodEnd).getTime() + 1000));
    const lowered = await current();
    expect(lowered).toMatchObject({ type: "CROISSANCE", status: "active", scheduled_change: null });
    expect(lowered.limits.max_products).toBe(50);
    const [next] = await invoices();
    expect(next).toMatchObject({ subscription_type: "CROISSANCE", amount: 29.99, period_start: periodEnd });
  });

  it("moves to LANCEMENT at the period end above its limits: everything is kept, nothing new beyond them", async () => {
    for (const name of ["Lampe", "Vase", "Tapis", "Miroir"]) await createProduct(t, await auth(), name);
    const before = await current();
    const periodEnd = before.current_period_end ?? "";
    const res = await schedule("LANCEMENT");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ type: "LANCEMENT", effective_at: periodEnd });
    // The end of the subscription is the move to LANCEMENT: one notice, one way to call it off.
    expect(await current()).toMatchObject({
      type: "CROISSANCE",
      cancel_at_period_end: true,
      scheduled_change: { type: "LANCEMENT", effective_at: periodEnd },
    });
    expect((await callOff()).statusCode).toBe(204);
    expect(await current()).toMatchObject({ cancel_at_period_end: false, scheduled_change: null });
    expect((await schedule("LANCEMENT")).statusCode).toBe(200);
    const invoiceCount = (await invoices()).length;

    clock.set(new Date(new Date(periodEnd).getTime() + 1000));
    expect(await current()).toMatchObject({ type: "LANCEMENT", scheduled_change: null });
    expect((await invoices()).length).toBe(invoiceCount);
    const products = await t.inject({ method: "GET", url: api("/company/products/"), headers: await auth() });
    expect(products.json().count).toBe(4);
    const refused = await t.inject({
      method: "POST",
      url: api("/company/products/"),
      headers: await auth(),
      payload: { name: "Coussin", status: "active" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: "Votre abonnement a atteint la limite de produits (3 produits).",
    });
  });
});
