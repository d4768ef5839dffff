import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewReports } from "../../src/db/schema";
import { manualClock } from "../../src/modules/pipeline";
import { openShop, type Shop, submitReview } from "../certification/fixtures";
import { createTestApp, expectMatchesContract, type TestApp } from "../helpers";

const RECEIVED =
  "Merci : votre signalement a bien été reçu. Il sera examiné, et l'avis reste affiché pendant l'examen.";

describe("reports from anyone ('Signaler', DSA art. 16)", () => {
  const clock = manualClock(new Date("2026-11-28T10:00:00Z"));
  let t: TestApp;
  let certavis: Shop;
  let shop: Shop;
  let published: string;
  let shopPublished: string;
  let slug: string;

  const report = (id: string, payload: Record<string, unknown>, ip = "192.0.2.10") =>
    t.inject({
      method: "POST",
      url: `/api/v1/public/reviews/${id}/report/`,
      payload,
      remoteAddress: ip,
    });

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now() });
    certavis = await openShop(t);
    shop = await openShop(t, "Vase Opale");
    await t.inject({
      method: "PUT",
      url: "/api/v1/company/moderation/",
      headers: certavis.auth,
      payload: { mode: "certavis" },
    });
    published = (await submitReview(t, certavis, clock, { rating: 5, comment: "Parfait, rien à dire." }))
      .reviewId;
    shopPublished = (await submitReview(t, shop, clock, { rating: 1, comment: "Nul." })).reviewId;
    await t.inject({
      method: "PATCH",
      url: `/api/v1/company/reviews/${shopPublished}/`,
      headers: shop.auth,
      payload: { status: "approved" },
    });
    slug = (
      (await t.inject({ method: "GET", url: "/api/v1/company/", headers: certavis.auth })).json() as {
        slug: string;
      }
    ).slug;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("acknowledges a report and routes it to Certavis operators in Certavis mode", async () => {
    const res = await report(published, {
      reason: "personal_data",
      explanation: "Le nom complet du livreur est cité.",
      email: "Visiteur@Exemple.fr",
    });
    expect(res.statusCode).toBe(201);
    const body = expectMatchesContract<{ id: string; detail: string }>(res, "publicReviewReport");
    expect(body.detail).toBe(RECEIVED);
    const [row] = await t.ctx.db.select().from(reviewReports).where(eq(reviewReports.id, body.id));
    expect(row).toMatchObject({ routedTo: "operators", status: "open", email: "visiteur@exemple.fr" });
    expect(row?.ipHash).not.toContain("192.0.2.10");
  });

  it("refuses what is not a report of a published review, in French", async () => {
    const empty = await report(published, { reason: "other", explanation: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ explanation: ["Expliquez votre demande."] });
    const email = await report(published, {
      reason: "other",
      explanation: "Faux.",
      email: "pas-une-adresse",
    });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({
      email: ["Saisissez une adresse e-mail valide, ou laissez le champ vide."],
    });
    const pending = await submitReview(t, certavis, clock, { rating: 1, comment: "a@b.fr" });
    expect((await report(pending.reviewId, { reason: "other", explanation: "Faux." })).statusCode).toBe(404);
  });

  it("routes a report to the shop in shop mode, listed without the reporter's address", async () => {
    const res = await report(shopPublished, {
      reason: "not_real_experience",
      explanation: "Ce client n'a jamais commandé.",
      email: "temoin@exemple.fr",
    });
    expect(res.statusCode).toBe(201);
    const list = expectMatchesContract<{ count: number; results: Record<string, unknown>[] }>(
      await t.inject({ method: "GET", url: "/api/v1/company/reports/?status=open", headers: shop.auth }),
      "companyReportsList",
    );
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({
      review_id: shopPublished,
      reason: "not_real_experience",
      routed_to: "shop",
      status: "open",
    });
    expect(JSON.stringify(list)).not.toContain("temoin@exemple.fr");
    // The Certavis-moderated company's reports are the operators', not in its own list.
    const other = expectMatchesContract<{ count: number }>(
      await t.inject({ method: "GET", url: "/api/v1/company/reports/", headers: certavis.auth }),
      "companyReportsList",
    );
    expect(other.count).toBe(0);
  });

  it("limits reports per IP address: 5 an hour", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 5; i++)
      expect((await report(published, { reason: "other", explanation: `Raison ${i}` }, ip)).statusCode).toBe(
        201,
      );
    const sixth = await report(published, { reason: "other", explanation: "Encore." }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      detail: "Trop de signalements envoyés depuis votre connexion. Réessayez dans une heure.",
    });
    expect(sixth.headers["retry-after"]).toBe("3600");
    expect(
      (await report(published, { reason: "other", explanation: "Autre." }, "198.51.100.8")).statusCode,
    ).toBe(201);
    clock.advanceDays(1 / 24 + 0.001);
    expect((await report(published, { reason: "other", explanation: "Plus tard." }, ip)).statusCode).toBe(
      201,
    );
  });

  it("works without JavaScript: a link under each review, a form posted as HTML", async () => {
    const page = (await t.inject({ method: "GET", url: `/avis/${slug}` })).body;
    expect(page).toContain(`href="/signaler/${published}"`);
    const form = await t.inject({ method: "GET", url: `/signaler/${published}` });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`<form action="/signaler/${published}" method="post">`);
    expect(form.body).toContain("Ne relate pas une expérience réelle");
    expect(form.body).toContain('href="/regles-de-moderation"');

    const bad = await t.inject({
      method: "POST",
      url: `/signaler/${published}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "reason=illegal_content&explanation=&email=",
      remoteAddress: "203.0.113.5",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Expliquez votre demande.");
    expect(bad.body).toContain('name="reason" checked="" value="illegal_content"');

    const sent = await t.inject({
      method: "POST",
      url: `/signaler/${published}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        reason: "illegal_content",
        explanation: "Propos diffamatoires envers un salarié nommé.",
        email: "",
      }).toString(),
      remoteAddress: "203.0.113.5",
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(RECEIVED.replaceAll("'", "&#x27;"));
    const rows = await t.ctx.db
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.reason, "illegal_content"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBeNull();
    expect(
      (await t.inject({ method: "GET", url: "/signaler/00000000-0000-4000-8000-000000000000" })).statusCode,
    ).toBe(404);
  });

  it("publishes the removal rules, each reason and what it covers", async () => {
    const rules = expectMatchesContract<{ reasons: { code: string; label: string; covers: string }[] }>(
      await t.inject({ method: "GET", url: "/api/v1/public/moderation-rules/" }),
      "publicModerationRulesGet",
    );
    expect(rules.reasons.map((r) => r.code)).toEqual([
      "abusive",
      "personal_data",
      "off_topic",
      "conflict_of_interest",
      "fake_suspected",
    ]);
    const page = await t.inject({ method: "GET", url: "/regles-de-moderation" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1>Règles de modération des avis</h1>");
    for (const reason of rules.reasons) {
      expect(page.body).toContain(reason.label.replaceAll("'", "&#x27;"));
      expect(page.body).toContain(reason.covers.replaceAll("'", "&#x27;"));
    }
  });
});
