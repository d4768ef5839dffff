import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders, products, reviewStats, reviews } from "../../db/schema";
import type { FileStorage } from "../../lib/storage";

export interface ReviewAnswerView {
  id: string;
  label: string;
  type: string;
  value: unknown;
}

export interface ReviewView {
  id: string;
  rating: number;
  title: string | null;
  comment: string | null;
  status: "pending" | "approved" | "rejected";
  verified: boolean;
  author_first_name: string;
  author_last_name: string;
  author_name: string;
  created_at: string;
  order_date: string | null;
  product: { id: string; name: string; image: string | null };
  answers: ReviewAnswerView[];
}

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

/** Reviews whose rating rounds to `stars` (4.5 counts as 5, 4.49 as 4): the stats' `stars` bucket. */
function ratingRounds(stars: number): SQL {
  return sql`${reviews.rating} >= ${stars - 0.5} AND ${reviews.rating} < ${stars + 0.5}`;
}

export function reviewConditions(companyId: string, filters: ReviewFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(reviews.companyId, companyId)];
  if (filters.productId) conditions.push(eq(reviews.productId, filters.productId));
  if (filters.status) conditions.push(eq(reviews.status, filters.status));
  if (filters.rating !== undefined) conditions.push(ratingRounds(filters.rating));
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    // Comment, title and author through the trigram-indexed column; product names through the
    // company's (few) products.
    conditions.push(
      or(
        ilike(reviews.searchText, pattern),
        inArray(reviews.productId, productsMatching(companyId, pattern)),
      ),
    );
  }
  return and(...conditions);
}

function productsMatching(companyId: string, pattern: string) {
  return sql`(SELECT ${products.id} FROM ${products} WHERE ${products.companyId} = ${companyId} AND ${products.name} ILIKE ${pattern})`;
}

/** With a search, `count` stops here: counting every match of a common word would scan the company. */
export const SEARCH_COUNT_CAP = 10_000;

/** The number of reviews matching `filters`: from `review_stats` (exact, instant) unless searching. */
async function countReviews(db: DbOrTx, companyId: string, filters: ReviewFilters): Promise<number> {
  if (filters.search?.trim()) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(
        db
          .select({ one: sql`1` })
          .from(reviews)
          .where(reviewConditions(companyId, filters))
          .limit(SEARCH_COUNT_CAP)
          .as("matches"),
      );
    return row?.n ?? 0;
  }
  const conditions: SQL[] = [eq(reviewStats.companyId, companyId)];
  if (filters.productId) conditions.push(eq(reviewStats.productId, filters.productId));
  if (filters.status) conditions.push(eq(reviewStats.status, filters.status));
  if (filters.rating !== undefined) conditions.push(eq(reviewStats.stars, filters.rating));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${reviewStats.reviews}), 0)::int` })
    .from(reviewStats)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/** Reviews of a company (filtered), newest first, as the contract's `Review`. */
export async function listReviewViews(
  db: DbOrTx,
  storage: FileStorage,
  companyId: string,
  filters: ReviewFilters,
  page: { limit: number; offset: number; withCount?: boolean },
): Promise<{ count: number; results: ReviewView[] }> {
  const where = reviewConditions(companyId, filters);
  const rows = await db
    .select({ review: reviews, product: products, orderDate: orders.orderDate })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  let count = rows.length + page.offset;
  if (page.withCount !== false && (rows.length === page.limit || page.offset > 0))
    count = Math.max(count, await countReviews(db, companyId, filters));
  return { count, results: rows.map((r) => toReviewView(r, storage)) };
}

export function toReviewView(
  row: { review: typeof reviews.$inferSelect; product: typeof products.$inferSelect; orderDate: Date | null },
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
    author_name: [first, last].filter(Boolean).join(" ") || "Client",
    created_at: review.createdAt.toISOString(),
    order_date: row.orderDate ? row.orderDate.toISOString() : null,
    product: { id: product.id, name: product.name, image: storage.url(product.imagePath) },
    answers: answersWithLabels(review.answers, review.formSnapshot ?? null),
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
  return row ? toReviewView(row, storage) : null;
}
