import {
  DEFAULT_SHOP_COUNTRY,
  GOOGLE_PRODUCT_RATINGS_THRESHOLD,
  GOOGLE_STORE_RATING_MONTHS,
  GOOGLE_STORE_RATING_THRESHOLD,
  isCountryCode,
} from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { ResponseOf } from "../../http/operation-types";
import { certavisModerated, inFeed, merchantCompany } from "./google-merchant-feed";

type GoogleStatus = ResponseOf<"companyGoogleStatusGet", 200>;

/**
 * A text Google takes: something left once control characters and spaces are set aside (the feeds
 * drop a review whose text is only those).
 */
const hasText = (column: string) => sql.raw(`${column} ~ '[^[:space:][:cntrl:]]'`);

/**
 * Where the company stands with Google, counted exactly from the rows the two feeds read: its store
 * reviews in the store-ratings feed written in the last 12 months (none while the feed leaves the
 * company out: moderated by the shop itself, public page off), and its product reviews in the
 * product feed (published, with a text). Null for an unknown company.
 */
export async function googleStatus(ctx: AppContext, companyId: string): Promise<GoogleStatus | null> {
  // The store count is what the store-ratings feed sends: none while it leaves the company out.
  const result = await ctx.db.execute(sql`SELECT c.country, c.public_page,
      ${certavisModerated} AS certavis_moderation,
      (SELECT count(*) FROM reviews r WHERE ${merchantCompany} AND r.company_id = c.id AND ${inFeed(sql`r`)}
        AND r.created_at >= ${ctx.now().toISOString()}::timestamptz - make_interval(months => ${GOOGLE_STORE_RATING_MONTHS}))::int AS store,
      (SELECT count(*) FROM reviews r JOIN products p ON p.id = r.product_id
        WHERE r.company_id = c.id AND r.status = 'approved' AND r.published_at IS NOT NULL
          AND (${hasText("r.comment")} OR ${hasText("r.title")}))::int AS products
    FROM companies c WHERE c.id = ${companyId}`);
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  if (!row) return null;
  const country = String(row.country);
  const api = `${ctx.config.publicUrl}/api/v1/public/feeds`;
  const query = `company_id=${encodeURIComponent(companyId)}`;
  return {
    country: isCountryCode(country) ? country : DEFAULT_SHOP_COUNTRY,
    public_page: row.public_page === true,
    certavis_moderation: row.certavis_moderation === true,
    store_reviews: {
      count: Number(row.store),
      threshold: GOOGLE_STORE_RATING_THRESHOLD,
      months: GOOGLE_STORE_RATING_MONTHS,
    },
    product_reviews: { count: Number(row.products), threshold: GOOGLE_PRODUCT_RATINGS_THRESHOLD },
    feeds: {
      product_reviews: `${api}/google-product-reviews.xml?${query}`,
      merchant_reviews: `${api}/google-merchant-reviews.xml?${query}`,
    },
  };
}
