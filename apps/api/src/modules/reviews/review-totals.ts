import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { reviewStats } from "../../db/schema";

export interface ReviewTotals {
  /** Reviews in every status. */
  reviews: number;
  approved: number;
  /** Sum of the approved reviews' ratings. */
  approvedSum: number;
  /** Mean rating of the approved reviews (2 decimals), null without any. */
  approvedMean: number | null;
}

const EMPTY: ReviewTotals = { reviews: 0, approved: 0, approvedSum: 0, approvedMean: null };

/** Two decimals; null when nothing was rated. */
export function meanOf(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : null;
}

function totalsOf(row: { reviews: number; approved: number; approvedSum: string | null }): ReviewTotals {
  const approved = Number(row.approved);
  const approvedSum = Number(row.approvedSum ?? 0);
  return { reviews: Number(row.reviews), approved, approvedSum, approvedMean: meanOf(approvedSum, approved) };
}

const columns = {
  reviews: sql<number>`coalesce(sum(${reviewStats.reviews}), 0)::int`,
  approved: sql<number>`coalesce(sum(${reviewStats.reviews}) filter (where ${reviewStats.status} = 'approved'), 0)::int`,
  approvedSum: sql<
    string | null
  >`sum(${reviewStats.ratingSum}) filter (where ${reviewStats.status} = 'approved')`,
};

/** Counts and mean per product, from `review_stats` (no scan of the reviews). */
export async function reviewTotalsByProduct(
  db: DbOrTx,
  companyId: string,
  productIds?: readonly string[],
): Promise<Map<string, ReviewTotals>> {
  const conditions: SQL[] = [eq(reviewStats.companyId, companyId)];
  if (productIds) {
    if (productIds.length === 0) return new Map();
    conditions.push(inArray(reviewStats.productId, [...productIds]));
  }
  const rows = await db
    .select({ productId: reviewStats.productId, ...columns })
    .from(reviewStats)
    .where(and(...conditions))
    .groupBy(reviewStats.productId);
  return new Map(rows.map((row) => [row.productId, totalsOf(row)]));
}

/** Counts and mean of the whole company. */
export async function companyReviewTotals(db: DbOrTx, companyId: string): Promise<ReviewTotals> {
  const [row] = await db.select(columns).from(reviewStats).where(eq(reviewStats.companyId, companyId));
  return row ? totalsOf(row) : EMPTY;
}

export const noReviews = (): ReviewTotals => ({ ...EMPTY });
