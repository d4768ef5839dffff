import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/modules/pipeline";
import { queueReviewDigests } from "../../src/modules/review-alerts/digest";
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
  type TestUser,
} from "../helpers";

const DAY = 86_400_000;

describe.each(TEST_DATABASES)("review alerts to the company's staff on %s", (kind) => {
  const clock = manualClock(new Date("2026-11-20T08:00:00Z"));
  let t: TestApp;
  let company: TestCompany;
  let admin: TestUser;
  let manager: TestUser;
  let moderator: TestUser;
  let orders = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    company = await createCompanyFor(t, await registerVerifiedUser(t, { firstName: "Alice" }), {
      name: "Maison Lumière",
      planType: "CROISSANCE",
    });
    admin = await addMember(t, company, "admin");
    manager = await addMember(t, company, "manager");
    moderator = await addMember(t, company, "moderator");
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: authHeaders(company.owner.access),
      payload: { name: "Lampe Aurore", status: "active", sku: "LAMP-001", form_id: company.defaults.formId },
    });
    expect(product.statusCode, product.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const setAlerts = async (user: TestUser, choice: string) => {
    const res = await t.inject({
      method: "PATCH",
      url: "/api/v1/users/me/",
      headers: authHeaders(user.access),
      payload: { email_alerts: choice },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  /** A real order and its buyer's review through the public form. */
  const review = async (rating: number, comment: string) => {
    orders += 1;
    const created = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": company.apiKey },
      payload: {
        sku: "LAMP-001",
        buyer_email: `acheteur-${orders}@exemple.fr`,
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: `CMD-${orders}`,
        order_date: new Date(clock.now().getTime() - DAY).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = new URL(created.json<{ review_url: string }>().review_url);
    const key = url.searchParams.get("api_key") ?? "";
    const submitted = await t.inject({
      method: "POST",
      url: `/api/v1/review/?api_key=${encodeURIComponent(key)}`,
      payload: { answers: { rating, comment } },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
  };

  /** A real order and its buyer's review of the shop itself (no product review). */
  const storeReview = async (rating: number, comment: string) => {
    orders += 1;
    const created = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": company.apiKey },
      payload: {
        sku: "LAMP-001",
        buyer_email: `acheteur-${orders}@exemple.fr`,
        buyer_first_name: "Noé",
        buyer_last_name: "Martin",
        reference: `CMD-${orders}`,
        order_date: new Date(clock.now().getTime() - DAY).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = new URL(created.json<{ review_url: string }>().review_url).searchParams.get("api_key") ?? "";
    const submitted = await t.inject({
      method: "POST",
      url: `/api/v1/review/store/?api_key=${encodeURIComponent(key)}`,
      payload: { rating, title: "", comment },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
  };

  const alertsTo = (user: TestUser, prefix: string) =>
    t.smtp.mailsTo(user.email).filter((m) => m.subject.startsWith(prefix));

  it("'Alertes par e-mail' reads 'negative' by default and takes all / none; anything else is a French 400", async () => {
    const me = await t.inject({
      method: "GET",
      url: "/api/v1/users/me/",
      headers: authHeaders(admin.access),
    });
    expect(expectMatchesContract<{ email_alerts: string }>(me, "usersMeGet").email_alerts).toBe("negative");
    const bad = await t.inject({
      method: "PATCH",
      url: "/api/v1/users/me/",
      headers: authHeaders(admin.access),
      payload: { email_alerts: "parfois" },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["email_alerts"]);
    const saved = await setAlerts(admin, "all");
    expect(expectMatchesContract<{ email_alerts: string }>(saved, "usersMeUpdate").email_alerts).toBe("all");
    await setAlerts(manager, "none");
    await setAlerts(moderator, "all");
  });

  it("mails a review rated 2 or less at once to owner and admin (not the manager who chose none, nor a moderator)", async () => {
    await review(1, "Arrivée cassée, très déçue.");
    const [mail] = await Promise.all([
      t.smtp.waitForMail(
        (m) => m.to.includes(company.owner.email) && m.subject.startsWith("Nouvel avis négatif"),
      ),
      t.smtp.waitForMail((m) => m.to.includes(admin.email) && m.subject.startsWith("Nouvel avis négatif")),
    ]);
    expect(mail?.subject).toBe("Nouvel avis négatif (1/5) sur Lampe Aurore");
    expect(mail?.text).toContain("Bonjour Alice,");
    expect(mail?.text).toContain("Lampe Aurore — 1/5 — Léa : « Arrivée cassée, très déçue. »");
    expect(mail?.text).toContain("http://certavis.test/reviews");
    await review(4, "Très belle lampe.");
    // The good review went nowhere at once; the next mails of the queue are the buyers' thanks.
    await t.smtp.waitForMail((m) => m.to.includes("acheteur-2@exemple.fr") && m.subject.startsWith("Merci"));
    for (const user of [company.owner, admin, manager, moderator])
      expect(alertsTo(user, "Nouvel avis négatif")).toHaveLength(
        user === company.owner || user === admin ? 1 : 0,
      );
  });

  it("sends the daily digest of the others once, to those who chose 'toutes' (owner, admin, manager only)", async () => {
    clock.set(new Date(clock.now().getTime() + DAY / 2));
    const queued = await queueReviewDigests(t.ctx.db, clock.now(), t.publicUrl);
    expect(queued).toBe(1);
    t.app.pipeline.notify();
    const digest = await t.smtp.waitForMail(
      (m) => m.to.includes(admin.email) && m.subject.includes("avis du jour"),
    );
    expect(digest.subject).toBe("Votre nouvel avis du jour sur Certavis");
    expect(digest.text).toContain("Maison Lumière a reçu 1 nouvel avis depuis le dernier récapitulatif :");
    expect(digest.text).toContain("Lampe Aurore — 4/5 — Léa : « Très belle lampe. »");
    expect(digest.text).not.toContain("1/5");

    // Nothing new: nothing sent again; a later review goes into the next digest only.
    expect(await queueReviewDigests(t.ctx.db, clock.now(), t.publicUrl)).toBe(0);
    clock.set(new Date(clock.now().getTime() + 60_000));
    await review(5, "Parfaite.");
    clock.set(new Date(clock.now().getTime() + DAY));
    expect(await queueReviewDigests(t.ctx.db, clock.now(), t.publicUrl)).toBe(1);
    t.app.pipeline.notify();
    await t.smtp.waitForMail((m) => m.to.includes(admin.email) && m.text.includes("Parfaite."));
    const digests = alertsTo(admin, "Votre nouvel avis du jour");
    expect(digests).toHaveLength(2);
    expect(digests[1]?.text).not.toContain("Très belle lampe.");
    for (const user of [company.owner, manager, moderator])
      expect(t.smtp.mailsTo(user.email).filter((m) => m.subject.includes("avis du jour"))).toHaveLength(0);
  });

  it("lists a store review in the digest as 'Avis sur la boutique', beside the product reviews", async () => {
    clock.set(new Date(clock.now().getTime() + 60_000));
    await storeReview(5, "Colis soigné, livré en deux jours.");
    clock.set(new Date(clock.now().getTime() + 60_000));
    await review(4, "Jolie lumière.");
    clock.set(new Date(clock.now().getTime() + DAY));
    expect(await queueReviewDigests(t.ctx.db, clock.now(), t.publicUrl)).toBe(1);
    t.app.pipeline.notify();
    const digest = await t.smtp.waitForMail(
      (m) => m.to.includes(admin.email) && m.text.includes("Jolie lumière."),
    );
    expect(digest.subject).toBe("Vos 2 nouveaux avis du jour sur Certavis");
    expect(digest.text).toContain(
      "Lampe Aurore — 4/5 — Léa : « Jolie lumière. »\n" +
        "Avis sur la boutique — 5/5 — Noé : « Colis soigné, livré en deux jours. »",
    );
    expect(digest.text).not.toContain("autre avis");
  });
});
