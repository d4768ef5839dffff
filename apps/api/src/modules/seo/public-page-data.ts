import { reviewPhotoUrls } from "@certavis/domain";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  companies,
  orders,
  products,
  reviewPageDays,
  reviewStats,
  reviews,
  storeReviewStats,
} from "../../db/schema";
import { storeRatingOf } from "../../db/store-rating";
import { publicImageUrl } from "../../lib/image-url";
import type { FileStorage } from "../../lib/storage";
import type { ModerationColumns } from "../moderation/company-moderation";
import { LISTED_WITHOUT_REVIEWS } from "../public-api/listed-products";
import { publicAuthorName } from "../public-api/public-reviews";
import { meanOf } from "../reviews/review-totals";

export const PUBLIC_PAGE_SIZE = 20;

function pageCompany(
  company: typeof companies.$inferSelect,
  storage: FileStorage,
): PublicPageData["company"] {
  return {
    id: company.id,
    slug: company.slug,
    name: company.name,
    website: company.website,
    logo: publicImageUrl(storage, company.logoPath),
    moderation: {
      moderation: company.moderation,
      moderationRequestedAt: company.moderationRequestedAt,
      moderationEffectiveAt: company.moderationEffectiveAt,
    },
    departedAt: company.departedAt,
  };
}

export interface PublicPageQuery {
  slug: string;
  productId: string | null;
  /** Stars 1..5 (the rating's bucket, as the reviews page's filter: domain `starBucket`), or null for all. */
  note: number | null;
  page: number;
  /**
   * The company page's view: `store` (its store reviews, the page's default when it has published
   * ones) or `products` (`/avis/{slug}/produits`); ignored on a product's page.
   */
  view?: "store" | "products" | null;
}

export interface PublicPageData {
  company: {
    id: string;
    slug: string;
    name: string;
    website: string | null;
    logo: string | null;
    /** Who moderates (`moderationView` at render time), and when it left Certavis, if it did. */
    moderation: ModerationColumns;
    departedAt: Date | null;
  };
  product: {
    id: string;
    name: string;
    image: string | null;
    sku: string | null;
    gtin: string | null;
    brand: string | null;
    url: string | null;
  } | null;
  /** The company page shows the store reviews (`store`) or the products' (`products`); null: a product's page. */
  view: "store" | "products" | null;
  /** Whether the company has published store reviews (the page's 'Boutique' / 'Produits' switch). */
  hasStore: boolean;
  average: number | null;
  total: number;
  /** Reviews per star, index 0 = 1 star (a 0 rating counts as 1). */
  distribution: number[];
  /** Reviews the filter keeps. */
  matching: number;
  page: number;
  pages: number;
  reviews: {
    id: string;
    rating: number;
    title: string | null;
    comment: string | null;
    authorName: string;
    publishedAt: Date;
    experienceDate: Date | null;
    /** Null for a store review. */
    product: { id: string; name: string } | null;
    /** Absolute URLs of the review's photos. */
    photos: string[];
    reply: { body: string; createdAt: Date } | null;
  }[];
}

type PublicReview = PublicPageData["reviews"][number];

/** A review row as the public pages show it (the author's name shortened, photos as URLs). */
function publicReview(
  review: typeof reviews.$inferSelect,
  productName: string,
  orderDate: Date | null,
): PublicReview {
  return {
    id: review.id,
    rating: Number(review.rating),
    title: review.title || null,
    comment: review.comment || null,
    authorName: publicAuthorName(review.authorFirstName, review.authorLastName),
    publishedAt: review.publishedAt ?? review.createdAt,
    experienceDate: orderDate,
    product: review.productId ? { id: review.productId, name: productName } : null,
    photos: reviewPhotoUrls(review.answers),
    reply:
      review.replyBody && review.replyCreatedAt
        ? { body: review.replyBody, createdAt: review.replyCreatedAt }
        : null,
  };
}

export interface PublicReviewPageData {
  company: PublicPageData["company"];
  product: NonNullable<PublicPageData["product"]>;
  review: PublicReview;
}

/**
 * What `/avis/{slug}/{review id}` shows: one published review of a company whose page is on, or null
 * (a 404) for anything else: unknown, pending, rejected, withdrawn, expired, another company's.
 */
export async function loadPublicReview(
  db: DbOrTx,
  storage: FileStorage,
  slug: string,
  reviewId: string,
): Promise<PublicReviewPageData | null> {
  const [row] = await db
    .select({ review: reviews, product: products, company: companies, orderDate: orders.orderDate })
    .from(reviews)
    .innerJoin(companies, eq(companies.id, reviews.companyId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(
      and(
        eq(reviews.id, reviewId),
        eq(reviews.status, "approved"),
        eq(companies.slug, slug),
        eq(companies.publicPage, true),
      ),
    );
  if (!row) return null;
  const { review, product, company } = row;
  return {
    company: pageCompany(company, storage),
    product: {
      id: product.id,
      name: product.name,
      image: publicImageUrl(storage, product.imagePath),
      sku: product.sku,
      gtin: product.gtin,
      brand: product.brand,
      url: product.url,
    },
    review: publicReview(review, product.name, row.orderDate),
  };
}

/** The nil UUID: `review_page_days`' rows of a whole company (a subject's reviews of every product). */
const WHOLE_COMPANY = "00000000-0000-0000-0000-000000000000";

const STARS_COLUMNS = ["stars_1", "stars_2", "stars_3", "stars_4", "stars_5"] as const;

/**
 * The UTC days (`from`, and `until` the day after, both `YYYY-MM-DD`) holding the reviews from the
 * `first` to the `last` of a page (0-based, newest first), and how many reviews come `before` them
 * (published after `until`), read from `review_page_days`: a row a day, summed newest first, so that
 * page 40,000 reads the few reviews of its days instead of skipping 800,000 rows. Null when the
 * counts do not reach `first` (the page is then read by its plain offset).
 */
export async function pageDays(
  db: DbOrTx,
  scope: {
    companyId: string;
    subject: "store" | "product";
    productId: string | null;
    note: number | null;
    first: number;
    last: number;
  },
): Promise<{ from: string; until: string; before: number } | null> {
  const column = (index: number) => sql.raw(`"${STARS_COLUMNS[index]}"`);
  const count = scope.note
    ? column(scope.note - 1)
    : sql.join(
        STARS_COLUMNS.map((_, i) => column(i)),
        sql` + `,
      );
  const [row] = (
    (await db.execute(sql`
      with walked as (
        select day, n, sum(n) over (order by day desc) as through
        from (select day, ${count} as n from ${reviewPageDays}
          where company_id = ${scope.companyId} and subject = ${scope.subject}
            and product_id = ${scope.productId ?? WHOLE_COMPANY}) days
        where n > 0
      )
      select max(day) filter (where through > ${scope.last})::text as "from",
        (max(day) filter (where through > ${scope.first}) + 1)::text as until,
        min(through - n) filter (where through > ${scope.first})::int as before
      from walked`)) as unknown as {
      rows: { from: string | null; until: string | null; before: number | null }[];
    }
  ).rows;
  if (!row?.until || row.before === null || row.before === undefined) return null;
  // Fewer counted than the page's last row (the counts behind the reviews): from the first row's day on.
  return { from: row.from ?? "0001-01-01", until: row.until, before: Number(row.before) };
}

/**
 * What a public page shows, or null when it must be a 404: an unknown slug, a company whose page is
 * off, a product not public (a draft, another company's, an archived one without reviews), a page
 * past the last one.
 */
export async function loadPublicPage(
  db: DbOrTx,
  storage: FileStorage,
  query: PublicPageQuery,
): Promise<PublicPageData | null> {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.slug, query.slug), eq(companies.publicPage, true)));
  if (!company) return null;
  let product: PublicPageData["product"] = null;
  if (query.productId) {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.companyId, company.id), eq(products.id, query.productId)));
    if (!row) return null;
    product = {
      id: row.id,
      name: row.name,
      image: publicImageUrl(storage, row.imagePath),
      sku: row.sku,
      gtin: row.gtin,
      brand: row.brand,
      url: row.url,
    };
  }
  const storeRating = await storeRatingOf(db, company.id);
  // A shop that collects store reviews opens its page with them (once one is published).
  const hasStore = company.storeReviews && storeRating.count > 0;
  const view = product ? null : query.view === "products" || !hasStore ? "products" : "store";
  const bucket = sql<number>`greatest(${reviewStats.stars}, 1)::int`;
  const statsWhere: SQL[] = [eq(reviewStats.companyId, company.id), eq(reviewStats.status, "approved")];
  if (product) statsWhere.push(eq(reviewStats.productId, product.id));
  const buckets =
    view === "store"
      ? await db
          .select({
            stars: sql<number>`greatest(${storeReviewStats.stars}, 1)::int`,
            count: sql<number>`sum(${storeReviewStats.reviews})::int`,
            sum: sql<string>`sum(${storeReviewStats.ratingSum})`,
          })
          .from(storeReviewStats)
          .where(and(eq(storeReviewStats.companyId, company.id), eq(storeReviewStats.status, "approved")))
          .groupBy(sql`1`)
      : await db
          .select({
            stars: bucket,
            count: sql<number>`sum(${reviewStats.reviews})::int`,
            sum: sql<string>`sum(${reviewStats.ratingSum})`,
          })
          .from(reviewStats)
          .where(and(...statsWhere))
          .groupBy(bucket);
  const distribution = [0, 0, 0, 0, 0];
  let sum = 0;
  for (const row of buckets) {
    const index = Math.min(Math.max(Number(row.stars), 1), 5) - 1;
    distribution[index] = (distribution[index] ?? 0) + Number(row.count);
    sum += Number(row.sum);
  }
  const total = distribution.reduce((n, c) => n + c, 0);
  if (product && total === 0) {
    const [row] = await db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, product.id));
    if (!LISTED_WITHOUT_REVIEWS.includes(row?.status ?? "")) return null;
  }
  const matching = query.note ? (distribution[query.note - 1] ?? 0) : total;
  const pages = Math.max(1, Math.ceil(matching / PUBLIC_PAGE_SIZE));
  if (query.page > pages) return null;

  const where: SQL[] = [eq(reviews.companyId, company.id), eq(reviews.status, "approved")];
  if (product) where.push(eq(reviews.productId, product.id));
  else where.push(eq(reviews.subject, view === "store" ? "store" : "product"));
  if (query.note === 1) where.push(sql`${reviews.stars} <= 1`);
  else if (query.note) where.push(eq(reviews.stars, query.note));
  const first = (query.page - 1) * PUBLIC_PAGE_SIZE;
  const days =
    matching > 0
      ? await pageDays(db, {
          companyId: company.id,
          subject: view === "store" ? "store" : "product",
          productId: product?.id ?? null,
          note: query.note,
          first,
          last: Math.min(first + PUBLIC_PAGE_SIZE, matching) - 1,
        })
      : null;
  if (days) {
    where.push(sql`${reviews.publishedAt} >= ${`${days.from}T00:00:00Z`}::timestamptz`);
    where.push(sql`${reviews.publishedAt} < ${`${days.until}T00:00:00Z`}::timestamptz`);
  }
  const rows = await db
    .select({ review: reviews, productName: products.name, orderDate: orders.orderDate })
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(...where))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(PUBLIC_PAGE_SIZE)
    .offset(days ? first - days.before : first);
  return {
    company: pageCompany(company, storage),
    product,
    view,
    hasStore,
    average: meanOf(sum, total),
    total,
    distribution,
    matching,
    page: query.page,
    pages,
    reviews: rows.map(({ review, productName, orderDate }) =>
      publicReview(review, productName ?? "", orderDate),
    ),
  };
}
