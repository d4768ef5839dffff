import { autoPublicationDate, isRejectionReason, starsOfBucket } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders, products, reviewStats, reviews } from "../../db/schema";
import type { ResponseOf } from "../../http/operation-types";
import { publicImageUrl } from "../../lib/image-url";
import type { FileStorage } from "../../lib/storage";
import { type ContestRow, contestView, latestContests } from "../moderation/contests";

export interface ReviewAnswerView {
  id: string;
  label: string;
  type: string;
  value: unknown;
}

/** A review as the contract's `Review` (staff view). */
export type ReviewView = ResponseOf<"companyReviewsUpdate", 200>;

interface SnapshotField {
  id?: unknown;
  label?: unknown;
  type?: unknown;
  page?: unknown;
  position?: unknown;
}

/** The answered fields, in form order, with the label and type frozen at submission. */
export function answersWithLabels(
  answers: Record<string, unknown>,
  snapshot: unknown[] | null,
): ReviewAnswerView[] {
  const fields = (snapshot ?? []).filter((f): f is SnapshotField => typeof f === "object" && f !== null);
  const ordered = [...fields].sort(
    (a, b) => Number(a.page ?? 0) - Number(b.page ?? 0) || Number(a.position ?? 0) - Number(b.position ?? 0),
  );
  const views: ReviewAnswerView[] = [];
  const seen = new Set<string>();
  for (const field of ordered) {
    const id = String(field.id ?? "");
    if (!id || !(id in answers) || seen.has(id)) continue;
    seen.add(id);
    views.push({
      id,
      label: String(field.label ?? id),
      type: String(field.type ?? "text"),
      value: answers[id],
    });
  }
  for (const [id, value] of Object.entries(answers)) {
    if (!seen.has(id)) views.push({ id, label: id, type: "text", value });
  }
  return views;
}

export interface ReviewFilters {
  productId?: string;
  rating?: number;
  status?: string;
  search?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The filters as SQL; a search needs the ids of the company's products whose name matches. */
export function reviewConditions(
  companyId: string,
  filters: ReviewFilters,
  productsNamed: readonly string[] = [],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(reviews.companyId, companyId)];
  if (filters.productId) conditions.push(eq(reviews.productId, filters.productId));
  if (filters.status) conditions.push(eq(reviews.status, filters.status));
  // "n étoiles": the rating's star bucket (domain `starBucket`: 4.5 and 4.99 count as 4, under 1 as 1).
  if (filters.rating !== undefined) conditions.push(inArray(reviews.stars, starsOfBucket(filters.rating)));
  const search = filters.search?.trim();
  if (search) {
    // Comment, title and author through the trigram-indexed column (LIKE is what the index serves);
    // product names as literal ids, so the planner sees (and indexes) a plain condition.
    const text = sql`${reviews.searchText} LIKE lower(${`%${escapeLike(search)}%`})`;
    conditions.push(productsNamed.length ? or(text, inArray(reviews.productId, [...productsNamed])) : text);
  }
  return and(...conditions);
}

/** Ids of the company's products whose name contains `search` (a company has few products). */
async function productsNamed(db: DbOrTx, companyId: string, search: string): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), ilike(products.name, `%${escapeLike(search)}%`)));
  return rows.map((r) => r.id);
}

/**
 * How a first search page walks the newest reviews (date index, each row tested) before falling back
 * on the trigram index, which must fetch every match before sorting: `probe` newest rows tell how
 * frequent the words are, and a walk stops as soon as the page is full, up to `max` rows.
 */
export interface SearchWalk {
  probe: number;
  max: number;
}

export const SEARCH_WALK: SearchWalk = { probe: 2_000, max: 60_000 };

/** The number of reviews matching `filters` without a search, from `review_stats` (exact, instant). */
async function countReviews(db: DbOrTx, companyId: string, filters: ReviewFilters): Promise<number> {
  const conditions: SQL[] = [eq(reviewStats.companyId, companyId)];
  if (filters.productId) conditions.push(eq(reviewStats.productId, filters.productId));
  if (filters.status) conditions.push(eq(reviewStats.status, filters.status));
  if (filters.rating !== undefined)
    conditions.push(inArray(reviewStats.stars, starsOfBucket(filters.rating)));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${reviewStats.reviews}), 0)::int` })
    .from(reviewStats)
    .where(and(...conditions));
  return row?.n ?? 0;
}

function selectReviewRows(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ review: reviews, product: products, orderDate: orders.orderDate })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The ids of the newest `limit` matches among the `rows` newest reviews under the filters (all of
 * them when `rows` is undefined). The LIMIT inside keeps the date-ordered index scan, and the outer
 * LIMIT stops it at the page's last match.
 */
async function walkNewest(
  db: DbOrTx,
  companyId: string,
  filters: ReviewFilters,
  productIds: readonly string[],
  limit: number,
  rows: number | undefined,
): Promise<string[]> {
  const newest = db
    .select({
      id: reviews.id,
      createdAt: reviews.createdAt,
      productId: reviews.productId,
      searchText: reviews.searchText,
    })
    .from(reviews)
    .where(reviewConditions(companyId, { ...filters, search: undefined }))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const recent = (rows === undefined ? newest : newest.limit(rows)).as("recent");
  const search = (filters.search ?? "").trim();
  const text = sql`strpos(${recent.searchText}, lower(${search})) > 0`;
  const found = await db
    .select({ id: recent.id })
    .from(recent)
    .where(productIds.length ? or(text, inArray(recent.productId, [...productIds])) : text)
    .orderBy(desc(recent.createdAt), desc(recent.id))
    .limit(limit);
  return found.map((r) => r.id);
}

/**
 * The ids of a first search page found by walking the newest reviews, or null when walking would
 * read too many rows (rare words: the trigram index finds them at once).
 */
export async function searchNewest(
  db: DbOrTx,
  companyId: string,
  filters: ReviewFilters,
  productIds: readonly string[],
  limit: number,
  walk: SearchWalk,
): Promise<string[] | null> {
  const total = await countReviews(db, companyId, filters);
  if (total <= walk.probe) return walkNewest(db, companyId, filters, productIds, limit, undefined);
  const probed = await walkNewest(db, companyId, filters, productIds, limit, walk.probe);
  if (probed.length === limit) return probed;
  if (probed.length === 0) return null;
  // Half as many rows again as the probe's frequency says a page needs; the walk stops at the page.
  const rows = Math.ceil((limit * walk.probe * 1.5) / probed.length);
  if (rows > walk.max) return null;
  // Past `total`, no row limit: reviews that arrived since the count are still read.
  const whole = rows >= total;
  const walked = await walkNewest(db, companyId, filters, productIds, limit, whole ? undefined : rows);
  return walked.length === limit || whole ? walked : null;
}

/** Reviews of a company (filtered), newest first, as the contract's `Review`. */
export async function listReviewViews(
  db: DbOrTx,
  storage: FileStorage,
  companyId: string,
  filters: ReviewFilters,
  page: { limit: number; offset: number; withCount?: boolean; searchWalk?: SearchWalk | false },
): Promise<{ count: number; results: ReviewView[] }> {
  const search = filters.search?.trim();
  if (search) {
    // Counting every match of a common word would scan the company: a search reads one row more than
    // the page instead, and its `count` only tells whether another page follows (contract).
    const productIds = await productsNamed(db, companyId, search);
    const walk = page.searchWalk ?? SEARCH_WALK;
    const ids =
      page.offset === 0 && walk
        ? await searchNewest(db, companyId, filters, productIds, page.limit + 1, walk)
        : null;
    const found = ids
      ? ids.length
        ? await selectReviewRows(
            db,
            and(eq(reviews.companyId, companyId), inArray(reviews.id, ids)),
            ids.length,
            0,
          )
        : []
      : await selectReviewRows(
          db,
          reviewConditions(companyId, filters, productIds),
          page.limit + 1,
          page.offset,
        );
    const rows = await withContests(db, found.slice(0, page.limit));
    const count = page.offset + rows.length + (found.length > page.limit ? 1 : 0);
    return { count, results: rows.map((r) => toReviewView(r, storage)) };
  }
  const rows = await withContests(
    db,
    await selectReviewRows(db, reviewConditions(companyId, filters), page.limit, page.offset),
  );
  let count = rows.length + page.offset;
  if (page.withCount !== false && (rows.length === page.limit || page.offset > 0))
    count = Math.max(count, await countReviews(db, companyId, filters));
  return { count, results: rows.map((r) => toReviewView(r, storage)) };
}

/** The rows with the latest contest of each (one query). */
async function withContests<T extends { review: { id: string } }>(
  db: DbOrTx,
  rows: T[],
): Promise<(T & { contest: ContestRow | null })[]> {
  const latest = await latestContests(
    db,
    rows.map((r) => r.review.id),
  );
  return rows.map((r) => ({ ...r, contest: latest.get(r.review.id) ?? null }));
}

export function toReviewView(
  row: {
    review: typeof reviews.$inferSelect;
    product: typeof products.$inferSelect;
    orderDate: Date | null;
    contest?: ContestRow | null;
  },
  storage: FileStorage,
): ReviewView {
  const { review, product } = row;
  const first = review.authorFirstName;
  const last = review.authorLastName;
  return {
    id: review.id,
    rating: Number(review.rating),
    title: review.title || null,
    comment: review.comment || null,
    status: review.status as ReviewView["status"],
    verified: review.orderId !== null,
    author_first_name: first,
    author_last_name: last,
    author_name: review.erasedAt
      ? fr.common.anonymousAuthor
      : [first, last].filter(Boolean).join(" ") || fr.common.defaultAuthor,
    created_at: review.createdAt.toISOString(),
    order_date: row.orderDate ? row.orderDate.toISOString() : null,
    product: { id: product.id, name: product.name, image: publicImageUrl(storage, product.imagePath) },
    answers: answersWithLabels(review.answers, review.formSnapshot ?? null),
    rejection_reason:
      review.status === "rejected" && isRejectionReason(review.rejectionReason)
        ? review.rejectionReason
        : null,
    rejection_note: review.status === "rejected" ? (review.rejectionNote ?? null) : null,
    erased_at: review.erasedAt ? review.erasedAt.toISOString() : null,
    auto_publish_at: review.status === "pending" ? autoPublicationDate(review.createdAt).toISOString() : null,
    reply:
      review.replyBody && review.replyCreatedAt
        ? {
            body: review.replyBody,
            created_at: review.replyCreatedAt.toISOString(),
            updated_at: (review.replyUpdatedAt ?? review.replyCreatedAt).toISOString(),
          }
        : null,
    check_flags: review.checkFlags ?? null,
    removed_at: review.removedAt?.toISOString() ?? null,
    contest: row.contest ? contestView(row.contest) : null,
  };
}

export async function getReviewView(db: DbOrTx, storage: FileStorage, companyId: string, id: string) {
  const [row] = await db
    .select({ review: reviews, product: products, orderDate: orders.orderDate })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(reviews.companyId, companyId), eq(reviews.id, id)))
    .limit(1);
  if (!row) return null;
  const [withContest] = await withContests(db, [row]);
  return withContest ? toReviewView(withContest, storage) : null;
}
