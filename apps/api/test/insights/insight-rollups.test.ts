import { randomUUID } from "node:crypto";
import { previousInsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client";
import { companies, insightDays, products } from "../../src/db/schema";
import { computeInsights } from "../../src/modules/insights/company-insights";
import { refreshAllInsightRollups } from "../../src/modules/insights/insight-rollups";
import { createTestDatabase, TEST_DATABASES } from "../helpers";
import type { TestDatabase } from "../helpers/databases";

/**
 * Statistiques read a company's figures from its rollups (`insight_company_days`, `insight_product_months`,
 * migration 0049), kept by the app from the days triggers note. Against the sums of `insight_days` itself,
 * for periods cut anywhere (inside a month, whole months, across a year), after inserts, updates and
 * deletes of its rows, and for a company whose rows were there before the rollups (the migration's sums).
 */
const MEASURES = [
  "submitted",
  "published",
  "asked",
  "answered",
  "requests",
  "reminders",
  "rejected",
  "replies",
];

/** What `companyInsights` answers from `insight_days` directly: totals, series' counts, products. */
async function expected(db: Db, companyId: string, from: string, to: string) {
  const totals =
    await db.execute(sql`select ${sql.raw(MEASURES.map((m) => `coalesce(sum(${m}), 0)::int as ${m}`).join(", "))},
      coalesce(sum(published_rating_sum), 0)::float as rating_sum
    from insight_days where company_id = ${companyId} and day >= ${from}::date and day <= ${to}::date`);
  const byProduct = await db.execute(sql`select product_id::text as id, sum(submitted)::int as reviews
    from insight_days where company_id = ${companyId} and day >= ${from}::date and day <= ${to}::date
    group by product_id having sum(submitted) > 0 or sum(asked) > 0 order by 1`);
  return {
    totals: (totals as unknown as { rows: Record<string, number>[] }).rows[0],
    products: (byProduct as unknown as { rows: { id: string; reviews: number }[] }).rows,
  };
}

async function answered(db: Db, companyId: string, from: string, to: string) {
  const insights = await computeInsights(
    db,
    { companyId, productId: null },
    { from, to, granularity: "month" },
  );
  return {
    totals: {
      submitted: insights.totals.reviews_submitted,
      published: insights.totals.reviews_published,
      requests: insights.totals.requests_sent,
      reminders: insights.totals.reminders_sent,
      rejected: insights.totals.reviews_rejected,
      replies: insights.totals.replies,
    },
    series: insights.series.reduce((n, entry) => n + entry.reviews_submitted, 0),
    products: insights.products
      .map((p) => ({ id: p.id, reviews: p.reviews }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    previousSubmitted: insights.previous.reviews_submitted,
  };
}

const PERIODS: [string, string][] = [
  ["2026-03-05", "2026-03-20"], // inside one month
  ["2026-03-01", "2026-04-30"], // whole months
  ["2026-02-14", "2026-05-09"], // parts of two months around whole ones
  ["2026-01-31", "2026-02-01"], // two days across a month's end
  ["2025-12-20", "2026-06-10"], // across a year
];

describe.each(TEST_DATABASES)("Statistiques' rollups on %s", (kind) => {
  let test: TestDatabase;
  let db: Db;
  let companyId: string;
  let productIds: string[];

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.database.db;
    const [company] = await db
      .insert(companies)
      .values({ name: "Maison Sommes", slug: `maison-sommes-${randomUUID()}`, planType: "EXPANSION" })
      .returning();
    if (!company) throw new Error("no company");
    companyId = company.id;
    const made = await db
      .insert(products)
      .values(["Lampe", "Vase", "Tapis"].map((name) => ({ companyId, name, status: "active" as const })))
      .returning();
    productIds = made.map((p) => p.id);
    // Rows for every product over seven months, the values spread (a few days empty).
    const rows: (typeof insightDays.$inferInsert)[] = [];
    const start = Date.UTC(2025, 11, 1);
    for (let d = 0; d < 200; d++) {
      const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
      productIds.forEach((productId, p) => {
        if ((d + p) % 7 === 3) return;
        const n = (d * 7 + p * 13) % 11;
        rows.push({
          companyId,
          productId,
          day,
          submitted: n,
          published: n % 5,
          publishedRatingSum: String((n % 5) * 4),
          stars4: n % 5,
          requests: n + 1,
          reminders: n % 3,
          asked: n + 2,
          answered: n % 4,
          rejected: n % 2,
          replies: n % 3,
        });
      });
    }
    await db.insert(insightDays).values(rows);
  }, 60_000);

  afterAll(async () => {
    await test?.dispose();
  });

  const check = async () => {
    for (const [from, to] of PERIODS) {
      const want = await expected(db, companyId, from, to);
      const before = previousInsightsPeriod({ from, to, granularity: "month" });
      const wantBefore = await expected(db, companyId, before.from, before.to);
      const got = await answered(db, companyId, from, to);
      expect(got.totals, `${from}..${to}`).toEqual({
        submitted: want.totals?.submitted,
        published: want.totals?.published,
        requests: want.totals?.requests,
        reminders: want.totals?.reminders,
        rejected: want.totals?.rejected,
        replies: want.totals?.replies,
      });
      expect(got.series, `${from}..${to}`).toBe(want.totals?.submitted);
      expect(got.products, `${from}..${to}`).toEqual(want.products);
      expect(got.previousSubmitted, `${from}..${to}`).toBe(wantBefore.totals?.submitted);
      // One product's figures: its line of the products' table (rollup months too) and its totals.
      const productId = productIds[0] as string;
      const one = await computeInsights(db, { companyId, productId }, { from, to, granularity: "month" });
      const its = want.products.find((p) => p.id === productId);
      expect(
        one.products.map((p) => p.reviews),
        `${from}..${to}`,
      ).toEqual(its ? [its.reviews] : []);
      expect(one.totals.reviews_submitted, `${from}..${to}`).toBe(its?.reviews ?? 0);
    }
  };

  it("answers as insight_days itself, for periods cut anywhere", check);

  it("stays equal after rows of insight_days are added, changed and removed", async () => {
    const [lamp, vase] = productIds as [string, string];
    await db.execute(sql`update insight_days set submitted = submitted + 5, asked = asked + 1
      where company_id = ${companyId} and product_id = ${lamp} and day in ('2026-03-01', '2026-03-31', '2026-05-09')`);
    await db.execute(sql`delete from insight_days
      where company_id = ${companyId} and product_id = ${vase} and day between '2026-02-10' and '2026-02-20'`);
    await db.execute(sql`insert into insight_days (company_id, product_id, day, submitted, asked)
      values (${companyId}, ${vase}, '2026-04-15', 40, 3)
      on conflict (company_id, day, product_id) do update set submitted = insight_days.submitted + 40`);
    await check();
  });

  it("sums the rows that were there before the rollups (the migration's sums), then keeps them", async () => {
    // What the migration found: rollups emptied and no day noted, then the migration's two sums.
    await db.execute(sql`delete from insight_company_days where company_id = ${companyId}`);
    await db.execute(sql`delete from insight_product_months where company_id = ${companyId}`);
    await db.execute(sql`delete from insight_rollups_stale where company_id = ${companyId}`);
    await db.execute(sql`insert into insight_company_days (company_id, day, submitted, published, published_rating_sum,
        stars_1, stars_2, stars_3, stars_4, stars_5, rejected, replies, requests, reminders, asked, answered)
      select company_id, day, sum(submitted), sum(published), sum(published_rating_sum), sum(stars_1), sum(stars_2),
        sum(stars_3), sum(stars_4), sum(stars_5), sum(rejected), sum(replies), sum(requests), sum(reminders),
        sum(asked), sum(answered)
      from insight_days where company_id = ${companyId} group by company_id, day`);
    await db.execute(sql`insert into insight_product_months (company_id, month, product_id, submitted, published,
        published_rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5, rejected, replies, requests, reminders,
        asked, answered)
      select company_id, date_trunc('month', day)::date, product_id, sum(submitted), sum(published),
        sum(published_rating_sum), sum(stars_1), sum(stars_2), sum(stars_3), sum(stars_4), sum(stars_5),
        sum(rejected), sum(replies), sum(requests), sum(reminders), sum(asked), sum(answered)
      from insight_days where company_id = ${companyId} group by 1, 2, 3`);
    await check();
    // The periodic task takes the notes of a change, and the next read needs nothing more.
    await db.execute(sql`update insight_days set replies = replies + 2
      where company_id = ${companyId} and day = '2026-04-01'`);
    expect(await refreshAllInsightRollups(db)).toBeGreaterThan(0);
    expect(await refreshAllInsightRollups(db)).toBe(0);
    await check();
  });
});
