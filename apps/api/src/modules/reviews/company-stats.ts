import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders, reviews } from "../../db/schema";
import type { FileStorage } from "../../lib/storage";
import { companyReviewTotals } from "./review-totals";
import { listReviewViews, type ReviewView } from "./review-views";

export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;

export type WeekCounts = Record<(typeof WEEKDAYS)[number], number> & { total: number };

export interface CompanyDashboardStats {
  mean_note: number | null;
  total_reviews: number;
  published_reviews: number;
  recent_reviews: ReviewView[];
  reviews_last_7_days: WeekCounts;
  orders_last_7_days: WeekCounts;
}

function emptyWeek(): WeekCounts {
  return { monday: 0, tuesday: 0, wednesday: 0, thursday: 0, friday: 0, saturday: 0, sunday: 0, total: 0 };
}

/** Start (UTC midnight) of the 7-day window ending today: each weekday appears once in it. */
export function weekWindowStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 6));
}

function toWeek(rows: { dow: number; n: number }[]): WeekCounts {
  const week = emptyWeek();
  for (const row of rows) {
    const day = WEEKDAYS[Number(row.dow)];
    if (!day) continue;
    week[day] += Number(row.n);
    week.total += Number(row.n);
  }
  return week;
}

/** The dashboard figures of GET /company/ (spec §2 Dashboard), from real rows. */
export async function companyDashboardStats(
  db: DbOrTx,
  storage: FileStorage,
  companyId: string,
  now: Date,
): Promise<CompanyDashboardStats> {
  const since = weekWindowStart(now).toISOString();
  const totals = await companyReviewTotals(db, companyId);
  const reviewDays = await db
    .select({
      dow: sql<number>`extract(dow from ${reviews.createdAt} at time zone 'UTC')::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(reviews)
    // Product reviews, as the other figures (the store rating is apart: `store_rating`).
    .where(
      and(
        eq(reviews.companyId, companyId),
        eq(reviews.subject, "product"),
        gte(reviews.createdAt, sql`${since}::timestamptz`),
      ),
    )
    .groupBy(sql`1`);
  const orderDays = await db
    .select({
      dow: sql<number>`extract(dow from ${orders.orderDate} at time zone 'UTC')::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        gte(orders.orderDate, sql`${since}::timestamptz`),
        sql`${orders.orderDate} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(sql`1`);
  const recent = await listReviewViews(db, storage, companyId, {}, { limit: 5, offset: 0, withCount: false });
  return {
    mean_note: totals.approvedMean,
    total_reviews: totals.reviews,
    published_reviews: totals.approved,
    recent_reviews: recent.results,
    reviews_last_7_days: toWeek(reviewDays),
    orders_last_7_days: toWeek(orderDays),
  };
}
