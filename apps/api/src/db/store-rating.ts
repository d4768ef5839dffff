import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { storeReviewStats } from "./schema";

/** The shop's own rating: its published store reviews (never product reviews), as the contract's `StoreRating`. */
export interface StoreRating {
  average: number | null;
  count: number;
  distribution: { "1": number; "2": number; "3": number; "4": number; "5": number };
}

/**
 * A company's store rating from `store_review_stats` (no scan of the reviews): published (approved)
 * store reviews, their mean (two decimals) and their count per whole star (under 1 counts as 1).
 */
export async function storeRatingOf(db: DbOrTx, companyId: string): Promise<StoreRating> {
  const rows = await db
    .select({
      stars: storeReviewStats.stars,
      reviews: storeReviewStats.reviews,
      sum: storeReviewStats.ratingSum,
    })
    .from(storeReviewStats)
    .where(and(eq(storeReviewStats.companyId, companyId), eq(storeReviewStats.status, "approved")));
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let count = 0;
  let sum = 0;
  for (const row of rows) {
    const stars = String(Math.min(5, Math.max(1, row.stars))) as keyof typeof distribution;
    distribution[stars] += row.reviews;
    count += row.reviews;
    sum += Number(row.sum);
  }
  return { average: count > 0 ? Math.round((sum / count) * 100) / 100 : null, count, distribution };
}

/** Whether the company has any store review in any status (the filters and the page's switch show then). */
export async function hasStoreReviews(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${storeReviewStats.reviews}), 0)::int` })
    .from(storeReviewStats)
    .where(eq(storeReviewStats.companyId, companyId));
  return (row?.n ?? 0) > 0;
}
