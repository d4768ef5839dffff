import { fr } from "@certavis/i18n-fr/server";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { companies, products, reviewStats } from "../../db/schema";
import { fieldErrors, notFound } from "../../http/errors";
import { etagOf } from "../../http/send-cacheable";
import { type CachedBody, createBodyCache } from "../../lib/body-cache";
import { onReviewsChanged } from "../../lib/reviews-changed";

export const MAX_RATING_KEYS = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 2000 });
onReviewsChanged((companyId) => cache.forget(companyId));

/** The asked keys: one kind only, trimmed, deduplicated, at most 100 (French 400 otherwise). */
export function ratingKeys(query: { skus?: string; product_ids?: string }): {
  by: "sku" | "id";
  keys: string[];
} {
  const given = [query.skus, query.product_ids].filter((v) => v !== undefined);
  if (given.length !== 1) throw fieldErrors({ non_field_errors: [fr.server.ratings.oneKind] });
  const by = query.skus !== undefined ? "sku" : "id";
  const keys = [
    ...new Set(
      (given[0] ?? "")
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ].sort();
  const field = by === "sku" ? "skus" : "product_ids";
  if (keys.length === 0) throw fieldErrors({ [field]: [fr.server.ratings.oneKind] });
  if (keys.length > MAX_RATING_KEYS)
    throw fieldErrors({ [field]: [fr.server.ratings.tooMany(MAX_RATING_KEYS)] });
  if (by === "id" && keys.some((k) => !UUID.test(k)))
    throw fieldErrors({ [field]: [fr.server.ratings.invalidId] });
  return { by, keys };
}

/**
 * `GET /public/ratings/`: average (one decimal) and count of approved reviews per asked product
 * (whatever its status: ARCHITECTURE §10.12), from `review_stats`; kept in-process like the public reviews and
 * forgotten on `reviewsChanged`.
 */
export async function publicRatings(
  ctx: AppContext,
  companyId: string,
  asked: { by: "sku" | "id"; keys: string[] },
): Promise<CachedBody> {
  return cache.get(companyId, `${asked.by}|${asked.keys.join(",")}`, async () => {
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound();
    const keyColumn = asked.by === "sku" ? products.sku : products.id;
    const rows = await ctx.db
      .select({
        key: sql<string>`${keyColumn}::text`,
        count: sql<number>`sum(${reviewStats.reviews})::int`,
        sum: sql<string>`sum(${reviewStats.ratingSum})`,
      })
      .from(reviewStats)
      .innerJoin(products, eq(products.id, reviewStats.productId))
      .where(
        and(
          eq(reviewStats.companyId, companyId),
          eq(reviewStats.status, "approved"),
          eq(products.companyId, companyId),
          inArray(keyColumn, asked.keys),
        ),
      )
      .groupBy(keyColumn);
    const ratings: Record<string, { average: number; count: number }> = {};
    for (const row of rows) {
      const count = Number(row.count);
      if (count > 0) ratings[row.key] = { average: Math.round((Number(row.sum) / count) * 10) / 10, count };
    }
    const body = JSON.stringify({ ratings });
    return { body, etag: etagOf(body) };
  });
}

/** Whether `answer` is still what `publicRatings` answers (fresh, not forgotten by a change). */
export function isCurrentPublicRatings(answer: CachedBody): boolean {
  return cache.isCurrent(answer);
}
