import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, reviewPageDays, reviews } from "../src/db/schema";
import { reviewsChanged } from "../src/lib/reviews-changed";
import { PUBLIC_PAGE_SIZE, pageDays } from "../src/modules/seo/public-page-data";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";

/** The ids of the reviews a page shows, in order. */
const anchors = (html: string) => [...html.matchAll(/<article id="avis-([0-9a-f-]+)"/g)].map((m) => m[1]);

const NIL = "00000000-0000-0000-0000-000000000000";

/**
 * A public page's number is found through `review_page_days` (the day its reviews fall on), not by
 * skipping every newer review: these tests hold the pages to what the plain OFFSET read gave, on
 * days holding many reviews, ties on the publication time, every filter, and after moderations.
 */
describe.each(TEST_DATABASES)("public pages' numbers by publication day on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let slug: string;
  let lamp: { id: string };
  let vase: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), {
      name: "Maison Pages",
      planType: "CROISSANCE",
    });
    const auth = authHeaders(company.owner.access);
    slug = (await t.inject({ method: "GET", url: "/api/v1/company/", headers: auth })).json().slug;
    lamp = await createProduct(t, auth, "Lampe");
    vase = await createProduct(t, auth, "Vase");
    // 150 reviews over 12 days, up to 25 a day, some at the same instant (ties broken by id), some
    // published days after their submission (moderated_at), every status, both subjects, ratings from
    // 0.5 to 5 (a 0.5 counts as 1 star).
    const start = Date.parse("2026-03-01T08:00:00Z");
    const rows = Array.from({ length: 150 }, (_, i) => {
      const store = i % 4 === 0;
      const createdAt = new Date(start + Math.floor(i / 13) * 86_400_000 + (i % 5) * 3_600_000);
      return {
        companyId: company.id,
        subject: store ? ("store" as const) : ("product" as const),
        productId: store ? null : i % 3 === 0 ? vase.id : lamp.id,
        rating: ((i * 7) % 10) / 2 + 0.5 > 5 ? "5.00" : (((i * 7) % 10) / 2 + 0.5).toFixed(2),
        comment: `Avis ${i}`,
        authorFirstName: "Léa",
        authorLastName: "Bernard",
        status: i % 11 === 0 ? "pending" : i % 13 === 5 ? "rejected" : "approved",
        createdAt,
        moderatedAt: i % 7 === 0 ? new Date(createdAt.getTime() + 2.5 * 86_400_000) : null,
      };
    });
    await t.ctx.db.insert(reviews).values(rows);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the page showed before: the plain offset read of the published reviews, newest first. */
  async function offsetRead(where: ReturnType<typeof sql>[], page: number) {
    const found = await t.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.companyId, company.id), eq(reviews.status, "approved"), ...where))
      .orderBy(desc(reviews.publishedAt), desc(reviews.id))
      .limit(PUBLIC_PAGE_SIZE)
      .offset((page - 1) * PUBLIC_PAGE_SIZE);
    return found.map((r) => r.id);
  }

  const noteWhere = (note: number | null) =>
    note === null ? [] : note === 1 ? [sql`${reviews.stars} <= 1`] : [sql`${reviews.stars} = ${note}`];

  async function expectEveryPageAsTheOffsetRead() {
    reviewsChanged(company.id);
    const views = [
      { path: `/avis/${slug}`, where: [sql`${reviews.subject} = 'store'`] },
      { path: `/avis/${slug}/produits`, where: [sql`${reviews.subject} = 'product'`] },
      { path: `/avis/${slug}/produits/${lamp.id}`, where: [sql`${reviews.productId} = ${lamp.id}`] },
      { path: `/avis/${slug}/produits/${vase.id}`, where: [sql`${reviews.productId} = ${vase.id}`] },
    ];
    let pagesSeen = 0;
    for (const view of views)
      for (const note of [null, 1, 2, 3, 4, 5]) {
        for (let page = 1; ; page++) {
          const expected = await offsetRead([...view.where, ...noteWhere(note)], page);
          const params = new URLSearchParams();
          if (note) params.set("note", String(note));
          if (page > 1) params.set("page", String(page));
          const url = params.size ? `${view.path}?${params}` : view.path;
          const res = await t.inject({ method: "GET", url });
          if (expected.length === 0 && page > 1) {
            expect(res.statusCode, url).toBe(404);
            break;
          }
          expect(res.statusCode, url).toBe(200);
          expect(anchors(res.body), url).toEqual(expected);
          pagesSeen++;
        }
      }
    return pagesSeen;
  }

  /** The counts recomputed from the reviews themselves. */
  async function recount() {
    const result = await t.ctx.db.execute(sql`
      select subject, p as product_id, day::text, sum(s1)::int as s1, sum(s2)::int as s2, sum(s3)::int as s3,
        sum(s4)::int as s4, sum(s5)::int as s5
      from (
        select subject, p, (published_at at time zone 'UTC')::date as day,
          (stars <= 1)::int as s1, (stars = 2)::int as s2, (stars = 3)::int as s3, (stars = 4)::int as s4,
          (stars >= 5)::int as s5
        from reviews, lateral (values (${NIL}::uuid), (product_id)) as scopes(p)
        where company_id = ${company.id} and status = 'approved' and p is not null
      ) e group by 1, 2, 3 order by 1, 2, 3`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
      [r.subject, r.product_id, r.day, r.s1, r.s2, r.s3, r.s4, r.s5].join(" "),
    );
  }

  async function kept() {
    const rows = await t.ctx.db
      .select()
      .from(reviewPageDays)
      .where(eq(reviewPageDays.companyId, company.id))
      .orderBy(reviewPageDays.subject, reviewPageDays.productId, reviewPageDays.day);
    return rows
      .filter((r) => r.stars1 + r.stars2 + r.stars3 + r.stars4 + r.stars5 > 0)
      .map((r) =>
        [r.subject, r.productId, r.day, r.stars1, r.stars2, r.stars3, r.stars4, r.stars5].join(" "),
      );
  }

  it("counts the published reviews per day, subject and product, as the reviews themselves say", async () => {
    const expected = await recount();
    expect(expected.length).toBeGreaterThan(20);
    expect(await kept()).toEqual(expected);
  });

  it("shows every page of every view and filter as the offset read did", async () => {
    // A deep page is read from its days: the reviews published after them are counted, not skipped.
    const days = await pageDays(t.ctx.db, {
      companyId: company.id,
      subject: "product",
      productId: null,
      note: null,
      first: 60,
      last: 79,
    });
    expect(days?.before).toBeGreaterThan(0);
    expect(days?.before).toBeLessThanOrEqual(60);
    expect(days?.from && days.until && days.from < days.until).toBe(true);
    expect(await expectEveryPageAsTheOffsetRead()).toBeGreaterThan(30);
  });

  it("stays exact after moderations, a withdrawal, a removal, a moved product and a deletion", async () => {
    const all = await t.ctx.db
      .select({ id: reviews.id, status: reviews.status, subject: reviews.subject })
      .from(reviews)
      .where(eq(reviews.companyId, company.id))
      .orderBy(reviews.createdAt, reviews.id);
    const pending = all.filter((r) => r.status === "pending").map((r) => r.id);
    const approved = all.filter((r) => r.status === "approved" && r.subject === "product").map((r) => r.id);
    // Published now (a new day at the top), one withdrawn, one removed, one moved to the vase, one gone.
    await t.ctx.db
      .update(reviews)
      .set({ status: "approved", moderatedAt: new Date("2026-04-02T10:00:00Z") })
      .where(inArray(reviews.id, pending.slice(0, 5)));
    await t.ctx.db
      .update(reviews)
      .set({ status: "withdrawn", withdrawnAt: new Date() })
      .where(eq(reviews.id, approved[3] ?? ""));
    await t.ctx.db
      .update(reviews)
      .set({ status: "rejected", removedAt: new Date() })
      .where(eq(reviews.id, approved[10] ?? ""));
    await t.ctx.db
      .update(reviews)
      .set({ productId: vase.id })
      .where(eq(reviews.id, approved[20] ?? ""));
    await t.ctx.db.delete(reviews).where(eq(reviews.id, approved[30] ?? ""));
    // A stamp that changes nothing counted (the publication warning) leaves the counts alone.
    await t.ctx.db
      .update(reviews)
      .set({ publicationWarnedAt: new Date() })
      .where(eq(reviews.companyId, company.id));
    expect(await kept()).toEqual(await recount());
    expect(await expectEveryPageAsTheOffsetRead()).toBeGreaterThan(30);
    // The product pages still 404 past their last page.
    const [{ n } = { n: 0 }] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(eq(reviews.productId, lamp.id), eq(reviews.status, "approved")));
    const last = Math.ceil(n / PUBLIC_PAGE_SIZE);
    expect(
      (await t.inject({ method: "GET", url: `/avis/${slug}/produits/${lamp.id}?page=${last + 1}` }))
        .statusCode,
    ).toBe(404);
  });
});
