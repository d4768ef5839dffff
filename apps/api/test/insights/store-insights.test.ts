import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../src/db/schema";
import { manualClock } from "../../src/modules/pipeline";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

// Monday 2026-03-02 .. Sunday 2026-03-22: three weeks, the last one without any published review.
const clock = manualClock(new Date("2026-03-25T15:00:00Z"));
const at = (iso: string) => new Date(`${iso}Z`);
const PERIOD = "from=2026-03-02&to=2026-03-22";

interface StoreInsights {
  series: { start: string; reviews_published: number; average_rating: number | null }[];
  store: {
    rating: { average: number | null; count: number; distribution: Record<string, number> };
    series: { start: string; reviews_published: number; average_rating: number | null }[];
    themes: Record<"positive" | "negative", { term: string; count: number }[]>;
  } | null;
}

describe.each(TEST_DATABASES)("the store rating in Statistiques on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let lamp: { id: string; name: string };

  const insights = async (query: string) =>
    expectMatchesContract<StoreInsights>(
      await t.inject({ method: "GET", url: `/api/v1/company/insights/?${query}`, headers: auth }),
      "companyInsightsGet",
    );

  /** An order of the lamp with its product review, and the order's store review as given. */
  async function storeReview(row: {
    status: string;
    rating: number;
    created: string;
    moderated?: string;
    comment: string;
  }) {
    const placed = await orderWithReview(t, company.id, lamp.id, at("2026-02-20T08:00:00"), {
      rating: 2,
      status: "approved",
      at: at(row.created),
      comment: "Lampe fragile, ampoule cassée.",
    });
    await t.ctx.db.insert(reviews).values({
      companyId: company.id,
      subject: "store",
      productId: null,
      orderId: placed.id,
      status: row.status,
      rating: row.rating.toFixed(2),
      title: "",
      comment: row.comment,
      createdAt: at(row.created),
      moderatedAt: row.moderated ? at(row.moderated) : null,
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
    lamp = await createProduct(t, auth, "Lampe Aurore");
    // Week of 03-02: 5 and 4 (published 03-04 and 03-08, 23:30 still that Sunday in UTC).
    await storeReview({
      status: "approved",
      rating: 5,
      created: "2026-03-03T09:00:00",
      moderated: "2026-03-04T10:00:00",
      comment: "Livraison rapide, colis soigné.",
    });
    await storeReview({
      status: "approved",
      rating: 4,
      created: "2026-03-08T23:30:00",
      comment: "Livraison rapide et service aimable.",
    });
    // Week of 03-09: 1 (published 03-10); a pending and a rejected one count nowhere.
    await storeReview({
      status: "approved",
      rating: 1,
      created: "2026-03-10T08:00:00",
      comment: "Service client injoignable, livraison perdue.",
    });
    await storeReview({
      status: "pending",
      rating: 3,
      created: "2026-03-11T08:00:00",
      comment: "Livraison moyenne.",
    });
    await storeReview({
      status: "rejected",
      rating: 1,
      created: "2026-03-12T08:00:00",
      moderated: "2026-03-12T09:00:00",
      comment: "Nul.",
    });
    // Submitted in the period, published after it; and one published before it.
    await storeReview({
      status: "approved",
      rating: 2,
      created: "2026-03-20T08:00:00",
      moderated: "2026-03-23T08:00:00",
      comment: "Lent.",
    });
    await storeReview({ status: "approved", rating: 3, created: "2026-02-27T08:00:00", comment: "Correct." });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives the shop's rating beside the products': its series by week, distribution and themes", async () => {
    const json = await insights(`${PERIOD}&granularity=week`);
    expect(json.store?.rating).toEqual({
      average: 3.33,
      count: 3,
      distribution: { "1": 1, "2": 0, "3": 0, "4": 1, "5": 1 },
    });
    expect(json.store?.series).toEqual([
      { start: "2026-03-02", reviews_published: 2, average_rating: 4.5 },
      { start: "2026-03-09", reviews_published: 1, average_rating: 1 },
      { start: "2026-03-16", reviews_published: 0, average_rating: null },
    ]);
    // The product series beside it never counts the store reviews (every product review is a 2).
    expect(json.series.map((entry) => entry.average_rating)).toEqual([2, 2, 2]);
    expect(json.store?.series.map((entry) => entry.start)).toEqual(json.series.map((entry) => entry.start));
    expect(json.store?.themes.positive.map((theme) => [theme.term, theme.count])).toContainEqual([
      "livraison",
      2,
    ]);
  });

  it("cuts the store series by day and month on UTC calendar days", async () => {
    const byDay = await insights("from=2026-03-07&to=2026-03-10&granularity=day");
    expect(byDay.store?.series).toEqual([
      { start: "2026-03-07", reviews_published: 0, average_rating: null },
      { start: "2026-03-08", reviews_published: 1, average_rating: 4 },
      { start: "2026-03-09", reviews_published: 0, average_rating: null },
      { start: "2026-03-10", reviews_published: 1, average_rating: 1 },
    ]);
    const byMonth = await insights("from=2026-02-01&to=2026-03-24&granularity=month");
    expect(byMonth.store?.series).toEqual([
      { start: "2026-02-01", reviews_published: 1, average_rating: 3 },
      { start: "2026-03-01", reviews_published: 4, average_rating: 3 },
    ]);
  });

  it("has no store part for one product's statistics", async () => {
    expect((await insights(`${PERIOD}&product_id=${lamp.id}`)).store).toBeNull();
  });
});
