/** Share of ratings at 4 or more, as a rounded percentage; 0 when there is none. */
export function satisfactionPercent(ratings: readonly number[]): number {
  const valid = ratings.filter((r) => Number.isFinite(r));
  if (valid.length === 0) return 0;
  return Math.round((valid.filter((r) => r >= 4).length / valid.length) * 100);
}

/** Reviews over orders as a rounded percentage; 0 when there are no orders. */
export function responseRatePercent(reviews: number, orders: number): number {
  if (!Number.isFinite(orders) || orders <= 0 || !Number.isFinite(reviews)) return 0;
  return Math.round((reviews / orders) * 100);
}

function toFiniteNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function oneDecimal(n: number): number {
  return Math.round(n * 10) / 10;
}

export interface RatedProduct {
  mean_note?: number | string | null;
  reviews_count?: number | string | null;
}

/**
 * Average rating shown on the dashboard and lists (spec §9): the company's `mean_note` when it has one,
 * else the product notes weighted by their review counts; one decimal; null when nothing is rated.
 * A company `mean_note` of 0 is what the server reports before any review, so it counts as "none".
 */
export function averageRating(
  companyMeanNote: number | string | null | undefined,
  products: readonly RatedProduct[] = [],
): number | null {
  const company = toFiniteNumber(companyMeanNote);
  if (company !== null && company > 0) return oneDecimal(company);
  let weighted = 0;
  let count = 0;
  for (const product of products) {
    const note = toFiniteNumber(product.mean_note);
    const reviews = toFiniteNumber(product.reviews_count) ?? 0;
    if (note === null || reviews <= 0) continue;
    weighted += note * reviews;
    count += reviews;
  }
  return count === 0 ? null : oneDecimal(weighted / count);
}

/** Rating rounded to 2 decimals (stored and submitted ratings). */
export function roundRating(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Plain mean of ratings (one decimal), null for none: used where only reviews are at hand. */
export function meanOfRatings(ratings: readonly number[]): number | null {
  const valid = ratings.filter((r) => Number.isFinite(r));
  if (valid.length === 0) return null;
  return oneDecimal(valid.reduce((sum, r) => sum + r, 0) / valid.length);
}

/** E-mail quota bar: used / limit as a percentage clamped 0–100; 0 when unlimited or no limit. */
export function quotaPercent(used: number, limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return 0;
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/**
 * When the monthly e-mail quota starts again: the first day (00:00 UTC) of the month after the quota
 * period's start, or after `now` when the period start is unknown.
 */
export function nextQuotaReset(periodStart: string | Date | null | undefined, now: Date = new Date()): Date {
  const parsed = periodStart ? new Date(periodStart) : null;
  const from = parsed && !Number.isNaN(parsed.getTime()) ? parsed : now;
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
}

/** Star inputs move by half stars (spec §9). */
export const HALF_STAR_STEP = 0.5;

/** A rating snapped to the nearest half star. */
export function snapToHalfStar(value: number): number {
  return Math.round(value / HALF_STAR_STEP) * HALF_STAR_STEP;
}

/**
 * The star bucket ('n étoiles', 1 to 5) a rating counts in, everywhere: the reviews page's rating
 * filter (API and back-office), the statistics' distribution, the public pages' filter. The rating's
 * whole stars, a half star counting in the lower bucket (3.5 → 3, 4.5 → 4, 4.99 → 4, 5 → 5); a rating
 * under 1 counts as 1. The database keeps the same rule in the generated `reviews.stars` column
 * (`floor(rating)`, 0 to 5; migration 0027), which `review_stats` and `insight_days` count by: see
 * `starsOfBucket`.
 */
export function starBucket(rating: number): 1 | 2 | 3 | 4 | 5 {
  return Math.min(5, Math.max(1, Math.floor(rating))) as 1 | 2 | 3 | 4 | 5;
}

/** The values of the whole stars (`reviews.stars`, 0 to 5) that fall in bucket `bucket`. */
export function starsOfBucket(bucket: number): number[] {
  return bucket <= 1 ? [0, 1] : [Math.min(5, bucket)];
}
