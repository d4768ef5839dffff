import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, memberships, reviews } from "../../src/db/schema";
import { manualClock } from "../../src/modules/pipeline";
import { openShop, type Shop, signInAgain, submitReview } from "../certification/fixtures";
import { addMember, createTestApp, expectMatchesContract, type TestApp } from "../helpers";

describe("a shop that leaves (ARCHITECTURE §10.19)", () => {
  const clock = manualClock(new Date("2026-11-28T10:00:00Z"));
  let t: TestApp;

  const slugOf = async (s: Shop) =>
    ((await t.inject({ method: "GET", url: "/api/v1/company/", headers: s.auth })).json() as { slug: string })
      .slug;
  const leave = (s: Shop) =>
    t.inject({
      method: "DELETE",
      url: "/api/v1/company/",
      headers: s.auth,
      payload: { password: s.company.owner.password },
    });

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps a Certavis-moderated company's page and published reviews, frozen; its staff goes", async () => {
    const shop = await openShop(t);
    await t.inject({
      method: "PUT",
      url: "/api/v1/company/moderation/",
      headers: shop.auth,
      payload: { mode: "certavis" },
    });
    const slug = await slugOf(shop);
    const { reviewId } = await submitReview(t, shop, clock, { rating: 5, comment: "Lampe superbe, merci !" });
    await addMember(t, shop.company, "admin");

    clock.advanceDays(2);
    await signInAgain(t, shop);
    const res = await leave(shop);
    expect(res.statusCode).toBe(204);

    const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, shop.company.id));
    expect(row?.departedAt?.toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(row?.apiKeyHash).toBeNull();
    expect(
      await t.ctx.db.select().from(memberships).where(eq(memberships.companyId, shop.company.id)),
    ).toEqual([]);
    expect((await t.inject({ method: "GET", url: "/api/v1/company/", headers: shop.auth })).statusCode).toBe(
      403,
    );
    const [review] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review?.status).toBe("approved");

    const page = await t.inject({ method: "GET", url: `/avis/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Cette boutique n&#x27;utilise plus Certavis depuis le 30 novembre 2026");
    expect(page.body).toContain("Lampe superbe, merci !");
    const api = expectMatchesContract<{ company: { departed_at: string | null }; reviews: { id: string }[] }>(
      await t.inject({ method: "GET", url: `/api/v1/public/reviews/?company_id=${shop.company.id}` }),
      "publicReviewsGet",
    );
    expect(api.company.departed_at).toBe("2026-11-30T10:00:00.000Z");
    expect(api.reviews.map((r) => r.id)).toEqual([reviewId]);
    // Its API key no longer brings orders.
    const order = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": shop.company.apiKey },
      payload: { product_id: shop.productId, buyer_email: "x@exemple.fr", reference: "APRES-1" },
    });
    expect(order.statusCode).toBe(401);
  });

  it("deletes a shop-moderated company as before", async () => {
    const shop = await openShop(t, "Vase Opale");
    const slug = await slugOf(shop);
    expect((await leave(shop)).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(companies).where(eq(companies.id, shop.company.id))).toEqual([]);
    expect((await t.inject({ method: "GET", url: `/avis/${slug}` })).statusCode).toBe(404);
  });
});
