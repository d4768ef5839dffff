import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAccessTokenWith } from "../src/auth/access-token";
import { emailDeliveries, orders, products, reviews } from "../src/db/schema";
import { addDays, manualClock } from "../src/modules/pipeline";
import { companyDashboardStats } from "../src/modules/reviews/company-stats";
import { listReviewViews, searchNewest } from "../src/modules/reviews/review-views";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview as insertOrderWithReview,
  type ReviewRow,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
  type TestUser,
} from "./helpers";

const api = (path: string) => `/api/v1${path}`;
// A Wednesday: the 7-day window is Thursday 2026-03-05 .. Wednesday 2026-03-11 (UTC).
const clock = manualClock(new Date("2026-03-11T15:00:00Z"));

describe.each(TEST_DATABASES)("public reviews, dashboard figures, deletions on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;

  const product = (name: string, status = "active") => createProduct(t, auth, name, status);
  /** A real order (with its e-mail jobs) and, when `review` is given, its review row. */
  const orderWithReview = (productId: string, orderDate: Date, review?: ReviewRow) =>
    insertOrderWithReview(t, company.id, productId, orderDate, review);

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Runs `body` with `company`/`auth` (used by `product` and `orderWithReview`) on a new company. */
  async function withOwnCompany(body: (shop: TestCompany, owner: TestUser) => Promise<void>) {
    const owner = await registerVerifiedUser(t);
    const shop = await createCompanyFor(t, owner, { planType: "CROISSANCE" });
    const previous = { company, auth };
    company = shop;
    auth = authHeaders(owner.access);
    try {
      await body(shop, owner);
    } finally {
      company = previous.company;
      auth = previous.auth;
    }
  }

  it("serves at most 10 approved reviews, newest first, a draft product's too, cacheable and open to every origin", async () => {
    const lamp = await product("Lampe");
    const draft = await product("Brouillon", "draft");
    const emptyDraft = await product("Brouillon vide", "draft");
    const base = new Date("2026-02-01T10:00:00Z");
    for (let i = 0; i < 12; i++)
      await orderWithReview(lamp.id, base, { status: "approved", rating: 4, at: addDays(base, i) });
    await orderWithReview(lamp.id, base, { status: "pending", rating: 1, at: addDays(base, 30) });
    await orderWithReview(lamp.id, base, { status: "rejected", rating: 1, at: addDays(base, 31) });
    await orderWithReview(draft.id, base, { status: "approved", rating: 2, at: addDays(base, 32) });

    const url = api(`/public/reviews/?company_id=${company.id}`);
    const res = await t.inject({ method: "GET", url, headers: { origin: "https://boutique.example" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    const body = expectMatchesContract<{
      reviews: { comment: string; rating: number; created_at: string; product: { id: string } }[];
      metrics: { average_note: number; reviews_count: number };
      company: { name: string; reviews_count: number };
      product: null;
    }>(res, "publicReviewsGet");
    expect(body.reviews).toHaveLength(10);
    // A published review stays public when its product goes back to draft (ARCHITECTURE §10.12).
    expect(body.reviews[0]).toMatchObject({ comment: "Avis 15", rating: 2, product: { id: draft.id } });
    expect(body.reviews.slice(1).map((r) => r.comment)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Avis ${12 - i}`),
    );
    expect(body.reviews.slice(1).every((r) => r.product.id === lamp.id && r.rating === 4)).toBe(true);
    expect(body.metrics).toEqual({ average_note: 3.85, reviews_count: 13 });
    expect(body.product).toBeNull();

    const three = await t.inject({ method: "GET", url: `${url}&limit=3&product_id=${lamp.id}` });
    const limited = expectMatchesContract<{ reviews: unknown[]; product: { id: string } }>(
      three,
      "publicReviewsGet",
    );
    expect(limited.reviews).toHaveLength(3);
    expect(limited.product.id).toBe(lamp.id);
    const tooMany = await t.inject({ method: "GET", url: `${url}&limit=11` });
    expect(tooMany.statusCode).toBe(400);
    expectMatchesContract(tooMany, "publicReviewsGet");

    const again = await t.inject({
      method: "GET",
      url,
      headers: { "if-none-match": res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const preflight = await t.inject({
      method: "OPTIONS",
      url,
      headers: {
        origin: "https://autre-boutique.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "if-none-match",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");

    const unknown = await t.inject({
      method: "GET",
      url: api("/public/reviews/?company_id=00000000-0000-4000-8000-000000000000"),
    });
    expect(unknown.statusCode).toBe(404);
    expectMatchesContract(unknown, "publicReviewsGet");
    const keptDraft = await t.inject({ method: "GET", url: `${url}&product_id=${draft.id}` });
    expect(keptDraft.json().metrics).toEqual({ average_note: 2, reviews_count: 1 });
    const hidden = await t.inject({ method: "GET", url: `${url}&product_id=${emptyDraft.id}` });
    expect(hidden.statusCode).toBe(404);
  });

  it("shows a product's new name at once, though the public reviews were just read", async () => {
    await withOwnCompany(async (shop) => {
      const lamp = await product("Lampe");
      await orderWithReview(lamp.id, clock.now(), { status: "approved", rating: 5, at: clock.now() });
      const url = api(`/public/reviews/?company_id=${shop.id}`);
      const names = async () =>
        ((await t.inject({ method: "GET", url })).json() as { products: { name: string }[] }).products.map(
          (p) => p.name,
        );
      expect(await names()).toEqual(["Lampe"]);
      const renamed = await t.inject({
        method: "PATCH",
        url: api(`/company/products/${lamp.id}/`),
        headers: auth,
        payload: { name: "Lampe de chevet" },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await names()).toEqual(["Lampe de chevet"]);
    });
  });

  it("sorts public reviews by publication (moderation) date, the date they show", async () => {
    const start = clock.now();
    await withOwnCompany(async (shop, owner) => {
      const lamp = await product("Lampe Publiée");
      const ids: string[] = [];
      for (const [i, comment] of ["Déposé en premier", "Déposé en second"].entries()) {
        const at = addDays(start, i - 10);
        const order = await orderWithReview(lamp.id, at, { status: "pending", rating: 4, at, comment });
        const [row] = await t.ctx.db
          .select({ id: reviews.id })
          .from(reviews)
          .where(eq(reviews.orderId, order.id));
        ids.push(row?.id as string);
      }
      // The later submission is approved first, the earlier one a day after.
      for (const [id, day] of [
        [ids[1], 1],
        [ids[0], 2],
      ] as const) {
        clock.set(addDays(start, day));
        const res = await t.inject({
          method: "PATCH",
          url: api(`/company/reviews/${id}/`),
          // A token signed at the moved clock (the first one has expired by then).
          headers: authHeaders(await signAccessTokenWith(t.ctx.keys, owner.id, clock.now())),
          payload: { status: "approved" },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const res = await t.inject({ method: "GET", url: api(`/public/reviews/?company_id=${shop.id}`) });
      const body = expectMatchesContract<{
        reviews: { comment: string; created_at: string; published_at: string }[];
      }>(res, "publicReviewsGet");
      expect(body.reviews.map((r) => [r.comment, r.published_at, r.created_at])).toEqual([
        ["Déposé en premier", addDays(start, 2).toISOString(), addDays(start, 2).toISOString()],
        ["Déposé en second", addDays(start, 1).toISOString(), addDays(start, 1).toISOString()],
      ]);
    }).finally(() => clock.set(start));
  });

  it("computes the dashboard figures from the rows of the last 7 days", async () => {
    await withOwnCompany(async (shop) => {
      const vase = await product("Vase");
      const at = (iso: string) => new Date(iso);
      // Orders: Thursday ×2, Monday, Wednesday (today); one 8 days ago and one in the future are left out.
      await orderWithReview(vase.id, at("2026-03-05T09:00:00Z"), {
        status: "approved",
        rating: 5,
        at: at("2026-03-09T08:00:00Z"),
      });
      await orderWithReview(vase.id, at("2026-03-05T23:59:00Z"), {
        status: "approved",
        rating: 3,
        at: at("2026-03-11T14:00:00Z"),
      });
      await orderWithReview(vase.id, at("2026-03-09T12:00:00Z"), {
        status: "pending",
        rating: 1,
        at: at("2026-03-11T14:30:00Z"),
      });
      await orderWithReview(vase.id, at("2026-03-11T10:00:00Z"));
      await orderWithReview(vase.id, at("2026-03-03T10:00:00Z"), {
        status: "rejected",
        rating: 2,
        at: at("2026-03-04T10:00:00Z"),
      });
      await orderWithReview(vase.id, at("2026-03-12T10:00:00Z"));

      const stats = await companyDashboardStats(t.ctx.db, t.ctx.storage, shop.id, clock.now());
      expect(stats.mean_note).toBe(4);
      expect(stats.total_reviews).toBe(4);
      expect(stats.recent_reviews.map((r) => r.status)).toEqual([
        "pending",
        "approved",
        "approved",
        "rejected",
      ]);
      expect(stats.orders_last_7_days).toEqual({
        monday: 1,
        tuesday: 0,
        wednesday: 1,
        thursday: 2,
        friday: 0,
        saturday: 0,
        sunday: 0,
        total: 4,
      });
      expect(stats.reviews_last_7_days).toEqual({
        monday: 1,
        tuesday: 0,
        wednesday: 2,
        thursday: 0,
        friday: 0,
        saturday: 0,
        sunday: 0,
        total: 3,
      });
    });
  });

  it("deletes a product without reviews with its orders and e-mail jobs, nothing else", async () => {
    const kept = await product("Gardé");
    const gone = await product("Supprimé");
    const keptOrder = await orderWithReview(kept.id, clock.now());
    const goneOrder = await orderWithReview(gone.id, clock.now());
    expect(
      await t.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.orderId, goneOrder.id)),
    ).not.toEqual([]);
    const del = await t.inject({
      method: "DELETE",
      url: api(`/company/products/${gone.id}/`),
      headers: auth,
    });
    expect(del.statusCode).toBe(204);
    expect(await t.ctx.db.select().from(products).where(eq(products.id, gone.id))).toEqual([]);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.productId, gone.id))).toEqual([]);
    expect(
      await t.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.orderId, goneOrder.id)),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.id, keptOrder.id))).toHaveLength(1);
  });

  it("never deletes a product that has reviews (409, and RESTRICT in the database); archived, its published reviews stay public", async () => {
    await withOwnCompany(async (shop) => {
      const lamp = await product("Lampe Retirée");
      const pendingOnly = await product("Vase En Attente");
      await orderWithReview(lamp.id, clock.now(), { status: "approved", rating: 5, at: clock.now() });
      await orderWithReview(pendingOnly.id, clock.now(), { status: "pending", rating: 2, at: clock.now() });
      for (const target of [lamp, pendingOnly]) {
        const del = await t.inject({
          method: "DELETE",
          url: api(`/company/products/${target.id}/`),
          headers: auth,
        });
        expect(del.statusCode).toBe(409);
        expect(expectMatchesContract(del, "companyProductsDelete")).toEqual({
          detail: "Ce produit a des avis : archivez-le plutôt.",
        });
        expect(await t.ctx.db.select().from(reviews).where(eq(reviews.productId, target.id))).toHaveLength(1);
      }
      await expect(t.ctx.db.delete(products).where(eq(products.id, lamp.id))).rejects.toThrow();
      expect(await t.ctx.db.select().from(products).where(eq(products.id, lamp.id))).toHaveLength(1);

      const archive = await t.inject({
        method: "PATCH",
        url: api(`/company/products/${lamp.id}/`),
        headers: auth,
        payload: { status: "archived" },
      });
      expect(archive.statusCode).toBe(200);
      const url = api(`/public/reviews/?company_id=${shop.id}`);
      type Body = {
        reviews: { product: { id: string; name: string } }[];
        products: { id: string; name: string; reviews_count: number }[];
        product: { name: string; reviews_count: number } | null;
        metrics: { reviews_count: number };
      };
      const all = expectMatchesContract<Body>(await t.inject({ method: "GET", url }), "publicReviewsGet");
      expect(all.reviews.map((r) => r.product)).toEqual([{ id: lamp.id, name: "Lampe Retirée" }]);
      expect(all.metrics.reviews_count).toBe(1);
      expect(all.products.map((p) => [p.name, p.reviews_count])).toEqual([
        ["Lampe Retirée", 1],
        ["Vase En Attente", 0],
      ]);
      const one = expectMatchesContract<Body>(
        await t.inject({ method: "GET", url: `${url}&product_id=${lamp.id}` }),
        "publicReviewsGet",
      );
      expect(one.product).toMatchObject({ name: "Lampe Retirée", reviews_count: 1 });
      expect(one.reviews).toHaveLength(1);
    });
  });

  it("keeps review_stats equal to the reviews through inserts, moderation and deletions", async () => {
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await t.ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const statsMatchReviews = async () => {
      const fromStats = await rowsOf(sql`
        SELECT company_id, product_id, status, stars, reviews AS n, rating_sum::text AS total
        FROM review_stats WHERE reviews <> 0 ORDER BY 1, 2, 3, 4`);
      const fromReviews = await rowsOf(sql`
        SELECT company_id, product_id, status, floor(rating)::smallint AS stars, count(*)::int AS n,
               sum(rating)::numeric(16, 2)::text AS total
        FROM reviews GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
      expect(fromStats).toEqual(fromReviews);
      return fromReviews.length;
    };
    const a = await product("Stats A");
    const b = await product("Stats B");
    const ids: string[] = [];
    for (const rating of [4.5, 4.49, 1, 3, 5]) {
      const order = await orderWithReview(a.id, clock.now(), { status: "pending", rating, at: clock.now() });
      const [row] = await t.ctx.db
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.orderId, order.id));
      ids.push(row?.id as string);
    }
    await orderWithReview(b.id, clock.now(), { status: "approved", rating: 2, at: clock.now() });
    expect(await statsMatchReviews()).toBeGreaterThan(0);
    for (const [index, status] of ["approved", "rejected", "approved"].entries()) {
      const res = await t.inject({
        method: "PATCH",
        url: api(`/company/reviews/${ids[index]}/`),
        headers: auth,
        payload: status === "rejected" ? { status, rejection_reason: "off_topic" } : { status },
      });
      expect(res.statusCode).toBe(200);
    }
    await statsMatchReviews();
    // Approved: 4.5 and 1. A half star counts in the lower bucket: the 4.5 is in '4 étoiles', none in 5.
    const approved = async (rating: number) => {
      const list = await t.inject({
        method: "GET",
        url: api(`/company/reviews/?product_id=${a.id}&status=approved&rating=${rating}&limit=1`),
        headers: auth,
      });
      return expectMatchesContract<{ count: number }>(list, "companyReviewsList").count;
    };
    expect([await approved(4), await approved(5)]).toEqual([1, 0]);
    const all = await t.inject({
      method: "GET",
      url: api(`/company/reviews/?product_id=${a.id}&limit=2`),
      headers: auth,
    });
    expect(expectMatchesContract<{ count: number; next: string }>(all, "companyReviewsList")).toMatchObject({
      count: 5,
      next: expect.stringContaining("offset=2"),
    });
    await t.ctx.db.delete(reviews).where(eq(reviews.productId, a.id));
    await statsMatchReviews();
  });

  it("searches comment, author and product name; walking the newest reviews returns what the trigram search does", async () => {
    await withOwnCompany(async (shop) => {
      const lamp = await product("Lampe Aurore");
      const vase = await product("Vase Éclat");
      const base = new Date("2026-01-01T00:00:00Z");
      for (let i = 0; i < 30; i++) {
        await orderWithReview(i % 3 === 0 ? vase.id : lamp.id, base, {
          status: "approved",
          rating: 4,
          at: addDays(base, i),
          comment:
            i % 2 === 0 ? `Livraison rapide ${i}` : i === 7 ? "Vue sur le Kilimandjaro" : `Bel objet ${i}`,
        });
      }
      for (const [search, limit] of [
        ["livraison", 3],
        ["livraison", 6],
        ["bel objet", 7],
        ["bel objet 2", 3],
        ["bernard", 5],
        ["LIVRAISON RAPIDE 2", 5],
        ["kilimandjaro", 5],
        ["éclat", 4],
        ["bernard", 10],
        ["50%", 5],
      ] as const) {
        const full = await listReviewViews(
          t.ctx.db,
          t.ctx.storage,
          shop.id,
          { search },
          {
            limit,
            offset: 0,
            searchWalk: false,
          },
        );
        const walked = await listReviewViews(
          t.ctx.db,
          t.ctx.storage,
          shop.id,
          { search },
          {
            limit,
            offset: 0,
            searchWalk: { probe: 4, max: 20 },
          },
        );
        expect(walked, search).toEqual(full);
      }
      // The walk itself answers a common word (probe, then a longer walk) and leaves a rare one to the
      // trigram index.
      const walk = { probe: 4, max: 20 };
      const walkedIds = await searchNewest(t.ctx.db, shop.id, { search: "livraison" }, [], 4, walk);
      expect(walkedIds).toHaveLength(4);
      expect(await searchNewest(t.ctx.db, shop.id, { search: "kilimandjaro" }, [], 4, walk)).toBeNull();
      const byName = await t.inject({
        method: "GET",
        url: api("/company/reviews/?search=%C3%A9clat&limit=200"),
        headers: auth,
      });
      const named = expectMatchesContract<{ count: number; results: { product: { id: string } }[] }>(
        byName,
        "companyReviewsList",
      );
      expect(named.count).toBe(10);
      expect(named.results).toHaveLength(10);
      expect(named.results.every((r) => r.product.id === vase.id)).toBe(true);
      const common = await t.inject({
        method: "GET",
        url: api("/company/reviews/?search=livraison&limit=4"),
        headers: auth,
      });
      // A search's count tells whether another page follows, not the total.
      expect(
        expectMatchesContract<{ count: number; next: string }>(common, "companyReviewsList"),
      ).toMatchObject({
        count: 5,
        next: expect.stringContaining("offset=4"),
      });
      const last = await t.inject({
        method: "GET",
        url: api("/company/reviews/?search=livraison&limit=4&offset=12"),
        headers: auth,
      });
      expect(expectMatchesContract<{ count: number; next: null }>(last, "companyReviewsList")).toMatchObject({
        count: 15,
        next: null,
      });
      const literal = await t.inject({
        method: "GET",
        url: api("/company/reviews/?search=%25"),
        headers: auth,
      });
      expect(expectMatchesContract<{ count: number }>(literal, "companyReviewsList").count).toBe(0);
    });
  });

  it("answers a 10 MB JSON body with a French 413 and saves nothing", async () => {
    const huge = JSON.stringify({ name: "Énorme", description: "x".repeat(10 * 1024 * 1024) });
    const before = await t.ctx.db.select({ id: products.id }).from(products);
    for (const [url, headers, operationId] of [
      [api("/company/products/"), auth, "companyProductsCreate"],
      [api("/company/forms/"), auth, "companyFormsCreate"],
      [api("/orders/"), { "x-api-key": company.apiKey }, "ordersCreate"],
    ] as const) {
      const res = await t.inject({
        method: "POST",
        url,
        headers: { ...headers, "content-type": "application/json" },
        payload: huge,
      });
      expect(res.statusCode, url).toBe(413);
      expect(expectMatchesContract(res, operationId)).toEqual({ detail: "La requête est trop volumineuse." });
    }
    expect(await t.ctx.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });
});
