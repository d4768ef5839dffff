import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { DEFAULT_SHOP_COUNTRY, isCountryCode, REVIEW_LANGUAGE } from "@certavis/domain";
import { and, desc, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { companies, products, reviewFiles, reviewStats, reviews } from "../../db/schema";
import { notFound } from "../../http/errors";
import { createBodyCache } from "../../lib/body-cache";
import { onReviewsChanged } from "../../lib/reviews-changed";
import { withoutNonXml, xmlText } from "../../lib/xml-text";
import { publicAuthorName } from "../public-api/public-reviews";
import { productPagePath, reviewPagePath } from "./page-paths";

/**
 * Reviews read per statement while the feed streams, and the most bytes a feed keeps in memory: its body
 * and gzip, or its gzip alone when both do not fit; a feed whose gzip is bigger is streamed from the
 * database on each request (tests lower both). A review takes at least `minGzipBytesPerReview` of gzip
 * (its id, random, twice, and its time): a feed of more reviews than the bound allows is streamed at
 * once, without rendering 4 MB of it first (seconds for a shop with 1,000,000 reviews).
 */
export const feedLimits = {
  pageSize: 500,
  /** The first page's: a streamed feed's first review goes out after 50 reviews read, not 500. */
  firstPageSize: 50,
  keptBytes: 4 * 1024 * 1024,
  minGzipBytesPerReview: 20,
};

/** The text as the feed keeps it: without forbidden characters, trimmed (empty when nothing is left). */
const clean = (value: string | null | undefined) => withoutNonXml(value ?? "").trim();

interface FeedCompany {
  id: string;
  name: string;
  slug: string;
  /** ISO 3166-1 alpha-2: the reviews' `review_country`. */
  country: string;
}

interface FeedHead {
  company: FeedCompany;
  etag: string;
  /** The company's published product reviews (`review_stats`). */
  reviews: number;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * The company whose feed is asked for and the feed's ETag, in one statement (the feed is served from
 * memory, so this is most of a request's cost), or a 404: unknown company, or its public page is off
 * (the reviews' addresses in the feed would be 404s, and the company chose not to be shown:
 * ARCHITECTURE §10.15). The ETag is made without reading the reviews: the company's approved figures
 * (count and rating sum, from `review_stats`), its newest publication, and the last change of the
 * company and of its products. A moderation, a withdrawal, an expiry or an edit of a product or of the
 * company changes it.
 */
async function loadFeedHead(db: DbOrTx, companyId: string): Promise<FeedHead> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${companies.id} AS id, ${companies.name} AS name, ${companies.slug} AS slug,
      ${companies.country} AS country,
      ${companies.updatedAt} AS company,
      (SELECT coalesce(sum(${reviewStats.reviews}), 0)::text || '/' || coalesce(sum(${reviewStats.ratingSum}), 0)::text
        FROM ${reviewStats} WHERE ${reviewStats.companyId} = ${companyId} AND ${reviewStats.status} = 'approved') AS figures,
      (SELECT max(${reviews.publishedAt}) FROM ${reviews}
        WHERE ${reviews.companyId} = ${companyId} AND ${reviews.status} = 'approved') AS newest,
      (SELECT max(${products.updatedAt}) FROM ${products} WHERE ${products.companyId} = ${companyId}) AS products
      FROM ${companies} WHERE ${companies.id} = ${companyId} AND ${companies.publicPage} = true`),
  );
  if (!row) throw notFound();
  const country = String(row.country);
  const company = {
    id: String(row.id),
    name: String(row.name),
    slug: String(row.slug),
    country: isCountryCode(country) ? country : DEFAULT_SHOP_COUNTRY,
  };
  const at = (value: unknown) => (value ? new Date(value as string | Date).toISOString() : "");
  const key = [
    company.id,
    company.country,
    row.figures,
    at(row.newest),
    at(row.products),
    at(row.company),
  ].join("|");
  return {
    company,
    etag: `"feed-${createHash("sha1").update(key).digest("base64url")}"`,
    reviews: Number.parseInt(String(row.figures), 10) || 0,
  };
}

/**
 * Heads are reused for a second (the statement is most of a request's cost once the feed is kept in
 * memory): a change on this instance forgets its company's at once (`reviewsChanged`), one elsewhere
 * shows within the second.
 */
const heads = createBodyCache<FeedHead>({ freshMs: 1_000, staleMs: 1_000, maxEntries: 10_000 });
onReviewsChanged((companyId) => heads.forget(companyId));

/** `loadFeedHead`, read at most once a second per company. */
export function feedHead(db: DbOrTx, companyId: string): Promise<FeedHead> {
  return heads.get(companyId.toLowerCase(), "", () => loadFeedHead(db, companyId));
}

interface FeedReview {
  id: string;
  rating: string;
  title: string;
  comment: string;
  authorFirstName: string;
  authorLastName: string;
  publishedAt: Date | null;
  productId: string;
  productName: string;
  sku: string | null;
  gtin: string | null;
  brand: string | null;
  url: string | null;
}

interface Cursor {
  at: string;
  id: string;
}

/** One page of approved reviews, newest first, after the keyset `after` (publication, id). */
async function reviewPage(
  db: DbOrTx,
  companyId: string,
  after: Cursor | null,
  size: number,
): Promise<(FeedReview & { cursor: string })[]> {
  const where: SQL[] = [eq(reviews.companyId, companyId), eq(reviews.status, "approved")];
  // The cursor is the publication's text at the database's full precision (microseconds: a JS Date
  // would round it to the millisecond and skip reviews published in the same millisecond).
  if (after)
    where.push(
      sql`(${reviews.publishedAt} < ${after.at}::timestamptz OR (${reviews.publishedAt} = ${after.at}::timestamptz AND ${reviews.id} < ${after.id}))`,
    );
  return db
    .select({
      cursor: sql<string>`${reviews.publishedAt}::text`,
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      authorFirstName: reviews.authorFirstName,
      authorLastName: reviews.authorLastName,
      publishedAt: reviews.publishedAt,
      productId: products.id,
      productName: products.name,
      sku: products.sku,
      gtin: products.gtin,
      brand: products.brand,
      url: products.url,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(...where))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(size);
}

/** The photos of a page's reviews (their image files), by review. */
async function photosOf(db: DbOrTx, ctx: AppContext, ids: string[]): Promise<Map<string, string[]>> {
  const photos = new Map<string, string[]>();
  if (ids.length === 0) return photos;
  const rows = await db
    .select({ reviewId: reviewFiles.reviewId, path: reviewFiles.path })
    .from(reviewFiles)
    .where(and(inArray(reviewFiles.reviewId, ids), like(reviewFiles.mimeType, "image/%")))
    .orderBy(reviewFiles.createdAt, reviewFiles.id);
  for (const row of rows) {
    const url = ctx.storage.url(row.path);
    if (url && /^https?:\/\//.test(url)) photos.set(row.reviewId, [...(photos.get(row.reviewId) ?? []), url]);
  }
  return photos;
}

const element = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

/** A review as the feed's `<review>`, or "" when it has no text (the format requires `content`). */
export function reviewXml(
  review: FeedReview,
  photos: string[],
  company: FeedCompany,
  origin: string,
): string {
  const comment = clean(review.comment);
  const title = clean(review.title);
  const content = comment || title;
  if (!content || !review.publishedAt) return "";
  const name = publicAuthorName(clean(review.authorFirstName), clean(review.authorLastName));
  const rating = Math.min(5, Math.max(1, Number(review.rating)));
  const ids = [
    ["gtins", "gtin", clean(review.gtin)],
    ["skus", "sku", clean(review.sku)],
    ["brands", "brand", clean(review.brand)],
  ]
    .filter(([, , value]) => value)
    .map(([group, one, value]) => `<${group}>${element(one ?? "", value ?? "")}</${group}>`)
    .join("");
  const productUrl = /^https?:\/\//i.test(clean(review.url))
    ? clean(review.url)
    : `${origin}${productPagePath(company.slug, review.productId)}`;
  const productName = clean(review.productName);
  return [
    "<review>",
    element("review_id", review.id),
    `<reviewer>${element("name", name)}</reviewer>`,
    // Every review comes from a real order, and none is paid for or rewarded (Google's 2025 fields).
    "<is_verified_purchase>true</is_verified_purchase>",
    "<is_incentivized_review>false</is_incentivized_review>",
    element("review_timestamp", review.publishedAt.toISOString()),
    comment && title ? element("title", title) : "",
    element("content", content),
    element("review_language", REVIEW_LANGUAGE),
    element("review_country", company.country),
    `<review_url type="singleton">${xmlText(`${origin}${reviewPagePath(company.slug, review.id)}`)}</review_url>`,
    photos.length
      ? `<reviewer_images>${photos.map((url) => `<reviewer_image>${element("url", url)}</reviewer_image>`).join("")}</reviewer_images>`
      : "",
    `<ratings><overall min="1" max="5">${Number(rating.toFixed(2))}</overall></ratings>`,
    "<products><product>",
    ids ? `<product_ids>${ids}</product_ids>` : "",
    productName ? element("product_name", productName) : "",
    element("product_url", productUrl),
    "</product></products>",
    "<collection_method>post_fulfillment</collection_method>",
    "</review>\n",
  ].join("");
}

/**
 * The company's approved reviews in Google's Product Reviews feed 2.4, as a stream: one keyset page
 * of `feedLimits.pageSize` reviews at a time (newest first), so a company with 100,000 reviews is
 * served without holding its document, or its reviews, in memory.
 */
export function googleReviewsFeed(ctx: AppContext, company: FeedCompany): Readable {
  const origin = ctx.config.publicUrl;
  async function* chunks() {
    yield [
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      '<feed xmlns:vc="http://www.w3.org/2007/XMLSchema-versioning" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
      'xsi:noNamespaceSchemaLocation="http://www.google.com/shopping/reviews/schema/product/2.4/product_reviews.xsd">\n',
      "<version>2.4</version>\n",
      "<aggregator><name>Certavis</name></aggregator>\n",
      `<publisher>${element("name", clean(company.name) || "Certavis")}</publisher>\n`,
    ].join("");
    let after: Cursor | null = null;
    let opened = false;
    for (;;) {
      const size = after ? feedLimits.pageSize : feedLimits.firstPageSize;
      const page = await reviewPage(ctx.db, company.id, after, size);
      const photos = await photosOf(
        ctx.db,
        ctx,
        page.map((r) => r.id),
      );
      const body = page
        .map((review) => reviewXml(review, photos.get(review.id) ?? [], company, origin))
        .join("");
      if (body) {
        yield opened ? body : `<reviews>\n${body}`;
        opened = true;
      }
      const last = page.at(-1);
      if (page.length < size || !last) break;
      after = { at: last.cursor, id: last.id };
    }
    yield `${opened ? "</reviews>\n" : ""}</feed>\n`;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A rendered feed: its gzip, and its body unless that was too big to keep as well. */
export interface KeptFeed {
  etag: string;
  body?: Buffer;
  gzipped: Buffer;
}

/**
 * Rendered feeds by company and ETag (see `KeptFeed`), at most 16 MB in all: Merchant Center and the
 * shop's tools fetch the same feed again and again, and rendering it costs ~50 ms of CPU per 2,000
 * reviews. The ETag is the key, read from the database (`feedHead`), so a change anywhere (on this
 * instance or another) changes it: an entry is never stale, only left unasked until the LRU drops it.
 */
const kept = createBodyCache<KeptFeed>({
  freshMs: 3_600_000,
  staleMs: 3_600_000,
  maxEntries: 200,
  maxBytes: 16 << 20,
});
/** ETags (and bounds) whose feed's gzip was found bigger than `feedLimits.keptBytes`: streamed without trying again. */
const tooBigToKeep = new Set<string>();

class TooBigToKeep extends Error {}

/**
 * The feed rendered once through gzip, keeping its body too while body and gzip fit in `maxBytes` (a
 * bigger body is let go as it grows, never held whole), or a `TooBigToKeep` error as soon as the gzip
 * passes `maxBytes` (the feed's queries stop there).
 */
async function renderFeed(
  ctx: AppContext,
  company: FeedCompany,
  etag: string,
  maxBytes: number,
): Promise<KeptFeed> {
  let body: Buffer[] | null = [];
  let bodySize = 0;
  const zipped: Buffer[] = [];
  let zippedSize = 0;
  await pipeline(
    googleReviewsFeed(ctx, company),
    async function* keepBody(source: AsyncIterable<Buffer | string>) {
      for await (const chunk of source) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, "utf8");
        bodySize += bytes.length;
        if (body && bodySize + zippedSize > maxBytes) body = null;
        body?.push(bytes);
        yield bytes;
      }
    },
    createGzip(),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        zippedSize += chunk.length;
        // Throwing destroys the pipeline, which ends the feed's generator before its next query.
        if (zippedSize > maxBytes) throw new TooBigToKeep();
        zipped.push(chunk);
      }
    },
  );
  const gzipped = Buffer.concat(zipped, zippedSize);
  if (body === null || bodySize + zippedSize > maxBytes) return { etag, gzipped };
  return { etag, body: Buffer.concat(body, bodySize), gzipped };
}

/**
 * The feed of `etag` from memory (rendered once per ETag and instance: body and gzip, or its gzip alone
 * when both are bigger than `feedLimits.keptBytes`), or `null` when even its gzip is bigger, or surely
 * would be (its `reviews` at `feedLimits.minGzipBytesPerReview`): then it is to be streamed.
 */
export async function keptFeed(
  ctx: AppContext,
  company: FeedCompany,
  etag: string,
  reviews: number,
): Promise<KeptFeed | null> {
  const maxBytes = feedLimits.keptBytes;
  if (reviews * feedLimits.minGzipBytesPerReview > maxBytes) return null;
  const key = `${etag}|${maxBytes}`;
  if (tooBigToKeep.has(key)) return null;
  try {
    return await kept.get(company.id, key, () => renderFeed(ctx, company, etag, maxBytes));
  } catch (error) {
    if (!(error instanceof TooBigToKeep)) throw error;
    // Bounded like the cache: a company's older ETags are never asked for again.
    if (tooBigToKeep.size >= 1000) tooBigToKeep.clear();
    tooBigToKeep.add(key);
    return null;
  }
}
