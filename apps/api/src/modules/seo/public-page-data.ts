import { reviewPhotoUrls } from "@certavis/domain";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, orders, products, reviewStats, reviews } from "../../db/schema";
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
    product: { id: string; name: string };
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
    product: { id: review.productId, name: productName },
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
  const bucket = sql<number>`greatest(${reviewStats.stars}, 1)::int`;
  const statsWhere: SQL[] = [eq(reviewStats.companyId, company.id), eq(reviewStats.status, "approved")];
  if (product) statsWhere.push(eq(reviewStats.productId, product.id));
  const buckets = await db
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
  if (query.note === 1) where.push(sql`${reviews.stars} <= 1`);
  else if (query.note) where.push(eq(reviews.stars, query.note));
  const rows = await db
    .select({ review: reviews, productName: products.name, orderDate: orders.orderDate })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(...where))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(PUBLIC_PAGE_SIZE)
    .offset((query.page - 1) * PUBLIC_PAGE_SIZE);
  return {
    company: pageCompany(company, storage),
    product,
    average: meanOf(sum, total),
    total,
    distribution,
    matching,
    page: query.page,
    pages,
    reviews: rows.map(({ review, productName, orderDate }) => publicReview(review, productName, orderDate)),
  };
}
