import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../src/paths";
import { TEST_DATABASES } from "../helpers";
import { emptyDatabase, migrationsUpTo } from "../helpers/migrations";

describe.each(TEST_DATABASES)("migration 0027 (a half star in the lower bucket) on %s", (kind) => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let folder: string;
  let companyId: string;
  let productId: string;

  const review = async (rating: number, status: string, created: string, moderated: string | null) => {
    const [row] = await database.execute(sql`
      INSERT INTO reviews (company_id, product_id, rating, status, created_at, moderated_at)
      VALUES (${companyId}, ${productId}, ${rating.toFixed(2)}, ${status}, ${created}, ${moderated})
      RETURNING id`);
    return String(row?.id);
  };
  /** `review_stats` of the company as `status:stars=reviews`, and what the reviews say it should be. */
  const reviewStats = async () => {
    const rows = await database.execute(sql`
      SELECT status, stars, reviews FROM review_stats
      WHERE company_id = ${companyId} AND reviews <> 0 ORDER BY status, stars`);
    return rows.map((r) => `${r.status}:${r.stars}=${r.reviews}`);
  };
  /** Per day of `insight_days`: [stars_1 … stars_5] and the other counters. */
  const insightDays = async () => {
    const rows = await database.execute(sql`
      SELECT day::text AS day, stars_1, stars_2, stars_3, stars_4, stars_5, submitted, published,
        published_rating_sum::text AS rating_sum, rejected
      FROM insight_days WHERE company_id = ${companyId} ORDER BY day`);
    return {
      stars: Object.fromEntries(
        rows.map((r) => [r.day, [r.stars_1, r.stars_2, r.stars_3, r.stars_4, r.stars_5].map(Number)]),
      ),
      others: rows.map((r) =>
        [r.day, r.submitted, r.published, Number(r.rating_sum), r.rejected].map(String),
      ),
    };
  };

  beforeAll(async () => {
    database = await emptyDatabase(kind);
    folder = migrationsUpTo(26);
    await database.migrate(folder);
    const [company] = await database.execute(
      sql`INSERT INTO companies (name, slug) VALUES ('Maison Demi', 'maison-demi') RETURNING id`,
    );
    companyId = String(company?.id);
    const [product] = await database.execute(
      sql`INSERT INTO products (company_id, name, status) VALUES (${companyId}, 'Lampe', 'active') RETURNING id`,
    );
    productId = String(product?.id);
    // Submitted on 03-02; published on 03-03, one on 03-04.
    for (const rating of [5, 4.99, 4.5, 3.5, 2, 0.5])
      await review(rating, "approved", "2026-03-02T10:00:00Z", "2026-03-03T10:00:00Z");
    await review(4.5, "approved", "2026-03-02T10:00:00Z", "2026-03-04T10:00:00Z");
    await review(3.5, "pending", "2026-03-02T10:00:00Z", null);
    await review(1.5, "rejected", "2026-03-02T10:00:00Z", "2026-03-03T10:00:00Z");
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("counts the reviews already there in the lower bucket, the other counters kept, and keeps counting so", {
    timeout: 60_000,
  }, async () => {
    // Before: the half star counted up (4.5 and 4.99 in 5, 3.5 in 4).
    expect(await reviewStats()).toEqual([
      "approved:1=1",
      "approved:2=1",
      "approved:4=1",
      "approved:5=4",
      "pending:4=1",
      "rejected:2=1",
    ]);
    const before = await insightDays();
    expect(before.stars).toEqual({
      "2026-03-02": [0, 0, 0, 0, 0],
      "2026-03-03": [1, 1, 0, 1, 3],
      "2026-03-04": [0, 0, 0, 0, 1],
    });

    await database.migrate(MIGRATIONS_DIR);

    const stars = await database.execute(sql`
      SELECT rating::float AS rating, stars FROM reviews WHERE company_id = ${companyId} ORDER BY rating, status`);
    expect(stars.map((r) => [r.rating, r.stars])).toEqual([
      [0.5, 0],
      [1.5, 1],
      [2, 2],
      [3.5, 3],
      [3.5, 3],
      [4.5, 4],
      [4.5, 4],
      [4.99, 4],
      [5, 5],
    ]);
    // review_stats keeps the whole stars (0 is read as '1 étoile', domain `starsOfBucket`).
    expect(await reviewStats()).toEqual([
      "approved:0=1",
      "approved:2=1",
      "approved:3=1",
      "approved:4=3",
      "approved:5=1",
      "pending:3=1",
      "rejected:1=1",
    ]);
    const after = await insightDays();
    expect(after.stars).toEqual({
      "2026-03-02": [0, 0, 0, 0, 0],
      "2026-03-03": [1, 1, 1, 2, 1], // 0.5, 2, 3.5, 4.5 and 4.99, 5
      "2026-03-04": [0, 0, 0, 1, 0], // 4.5
    });
    expect(after.others).toEqual(before.others);
    const indexes = await database.execute(sql`
      SELECT indexname FROM pg_indexes WHERE tablename = 'reviews' AND indexdef LIKE '%stars%' ORDER BY 1`);
    expect(indexes.map((r) => r.indexname)).toEqual([
      "reviews_company_status_stars_created_idx",
      "reviews_product_stars_created_idx",
      "reviews_product_status_stars_created_idx",
    ]);

    // The triggers count new rows, moderations and deletions by the same rule.
    await review(3.75, "approved", "2026-03-04T09:00:00Z", "2026-03-04T11:00:00Z");
    await database.execute(sql`
      UPDATE reviews SET status = 'approved', moderated_at = '2026-03-04T12:00:00Z'
      WHERE company_id = ${companyId} AND status = 'pending'`);
    await database.execute(sql`DELETE FROM reviews WHERE company_id = ${companyId} AND rating = 4.99`);
    expect(await reviewStats()).toEqual([
      "approved:0=1",
      "approved:2=1",
      "approved:3=3",
      "approved:4=2",
      "approved:5=1",
      "rejected:1=1",
    ]);
    expect((await insightDays()).stars).toEqual({
      "2026-03-02": [0, 0, 0, 0, 0],
      "2026-03-03": [1, 1, 1, 1, 1],
      "2026-03-04": [0, 0, 2, 1, 0], // 3.75 and the 3.5 approved, the 4.5
    });
  });
});
