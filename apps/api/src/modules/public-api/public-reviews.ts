import { reviewPhotoUrls } from "@certavis/domain";
import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { companies, orders, products, reviews } from "../../db/schema";
import { notFound } from "../../http/errors";
import { etagOf } from "../../http/send-cacheable";
import { type CachedBody, createBodyCache } from "../../lib/body-cache";
import { publicImageUrl } from "../../lib/image-url";
import { onReviewsChanged } from "../../lib/reviews-changed";
import { moderationView } from "../moderation/company-moderation";
import { meanOf, noReviews, reviewTotalsByProduct } from "../reviews/review-totals";
import { isListedWithoutReviews } from "./listed-products";

/**
 * Bodies are reused in-process for 5 s, then served at most 60 s stale while one refresh runs (the
 * HTTP cache allows 60 s anyway); a change of the company's reviews forgets its entries at once.
 */
const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 1000 });
onReviewsChanged((companyId) => cache.forget(companyId));

/** "Léa B.": first name and initial of the last name. */
export function publicAuthorName(first: string, last: string): string {
  const initial = last.trim().charAt(0);
  return [first.trim(), initial ? `${initial.toUpperCase()}.` : ""].filter(Boolean).join(" ") || "Client";
}

/**
 * `GET /public/reviews/`: approved reviews (whatever their product's status), newest first, with the
 * company's and the selection's figures. Returns the serialized body and its ETag.
 */
export async function publicReviews(
  ctx: AppContext,
  query: PublicReviewsQuery,
): Promise<{ body: string; etag: string }> {
  const selection = query.productId ?? (query.sku ? `sku:${query.sku}` : "");
  return cache.get(query.companyId, `${selection}|${query.limit}`, () => loadPublicReviews(ctx, query));
}

/** Whether `answer` is still what `publicReviews` answers (fresh, not forgotten by a change). */
export function isCurrentPublicReviews(answer: CachedBody): boolean {
  return cache.isCurrent(answer);
}

/** A product by id, or else by SKU (theme templates know the SKU), or every product. */
interface PublicReviewsQuery {
  companyId: string;
  productId: string | null;
  sku?: string | null;
  limit: number;
}

async function loadPublicReviews(ctx: AppContext, query: PublicReviewsQuery): Promise<CachedBody> {
  const { db, storage } = ctx;
  const [company] = await db.select().from(companies).where(eq(companies.id, query.companyId));
  if (!company) throw notFound();
  const approved = and(eq(reviews.companyId, company.id), eq(reviews.status, "approved"));
  const publicProducts = await db
    .select({
      id: products.id,
      name: products.name,
      imagePath: products.imagePath,
      sku: products.sku,
      listed: isListedWithoutReviews(products.status),
    })
    .from(products)
    .where(eq(products.companyId, company.id))
    .orderBy(products.name);
  const totals = await reviewTotalsByProduct(
    db,
    company.id,
    publicProducts.map((p) => p.id),
  );
  const perProduct = publicProducts
    .map(({ listed, ...p }) => {
      const t = totals.get(p.id) ?? noReviews();
      return { ...p, listed, mean: t.approvedMean, count: t.approved, sum: t.approvedSum };
    })
    .filter((p) => p.listed || p.count > 0);
  let product = null;
  type Candidate = { id: string; sku: string | null };
  const wanted: ((p: Candidate) => boolean) | null = query.productId
    ? (p) => p.id === query.productId
    : query.sku
      ? (p) => p.sku === query.sku
      : null;
  if (wanted) {
    const found = perProduct.find(wanted);
    if (!found) throw notFound();
    product = {
      id: found.id,
      name: found.name,
      image: publicImageUrl(storage, found.imagePath),
      mean_note: found.mean,
      reviews_count: found.count,
    };
  }
  const total = perProduct.reduce((n, p) => n + p.count, 0);
  const companyMean = meanOf(
    perProduct.reduce((s, p) => s + p.sum, 0),
    total,
  );
  const rows = await db
    .select({ review: reviews, productName: products.name, orderDate: orders.orderDate })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(product ? and(approved, eq(reviews.productId, product.id)) : approved)
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(query.limit);
  const result = {
    company: {
      id: company.id,
      name: company.name,
      logo: storage.url(company.logoPath),
      website: company.website ?? null,
      mean_note: companyMean,
      reviews_count: total,
      moderation: moderationView(company, ctx.now()),
      departed_at: company.departedAt?.toISOString() ?? null,
    },
    product,
    products: perProduct.map((p) => ({
      id: p.id,
      name: p.name,
      mean_note: p.mean,
      reviews_count: p.count,
    })),
    metrics: product
      ? { average_note: product.mean_note, reviews_count: product.reviews_count }
      : { average_note: companyMean, reviews_count: total },
    reviews: rows.map(({ review, productName, orderDate }) => ({
      id: review.id,
      rating: Number(review.rating),
      title: review.title || null,
      comment: review.comment || null,
      author_name: publicAuthorName(review.authorFirstName, review.authorLastName),
      // The contract's `created_at` of a public review is its publication date too.
      created_at: (review.publishedAt ?? review.createdAt).toISOString(),
      published_at: (review.publishedAt ?? review.createdAt).toISOString(),
      experience_date: orderDate ? orderDate.toISOString() : null,
      product: { id: review.productId, name: productName },
      photos: reviewPhotoUrls(review.answers),
      reply:
        review.replyBody && review.replyCreatedAt
          ? { body: review.replyBody, created_at: review.replyCreatedAt.toISOString() }
          : null,
    })),
    sort_order: "published_at_desc" as const,
  };
  const body = JSON.stringify(result);
  return { body, etag: etagOf(body) };
}
