import { and, asc, count, eq, min, type SQL, sql } from "drizzle-orm";
import type { PgSelect, SelectedFields } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { companies, moderationAppeals, reviewContests, reviewReports, reviews } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";
import { certavisModeratedSql } from "../moderation/company-moderation";

export type QueueName = SchemaOf<"OperatorQueueName">;
type QueueItem = SchemaOf<"OperatorQueueItem">;

export const QUEUE_NAMES: readonly QueueName[] = ["flagged", "contests", "reports", "appeals"];

const EXCERPT_LENGTH = 140;

/**
 * Each queue as one query shape: its open rows (`id`, `createdAt`, `reason`) joined to the review and
 * its company. Flagged: pending reviews of companies moderated by Certavis now (a clean review is
 * published at once there, so what waits is what the checks flagged, or what came before the switch).
 */
function queueSource(queue: QueueName, now: Date) {
  switch (queue) {
    case "flagged":
      return {
        id: reviews.id,
        createdAt: reviews.createdAt,
        reason: sql<
          string | null
        >`(select string_agg(distinct f->>'kind', ', ') from jsonb_array_elements(coalesce(${reviews.checkFlags}, '[]'::jsonb)) f)`,
        from: null,
        where: and(eq(reviews.status, "pending"), certavisModeratedSql(now)) as SQL,
      };
    case "contests":
      return {
        id: reviewContests.id,
        createdAt: reviewContests.createdAt,
        reason: sql<string | null>`${reviewContests.reason}`,
        from: { table: reviewContests, reviewId: reviewContests.reviewId },
        where: eq(reviewContests.status, "open"),
      };
    case "reports":
      return {
        id: reviewReports.id,
        createdAt: reviewReports.createdAt,
        reason: sql<string | null>`${reviewReports.reason}`,
        from: { table: reviewReports, reviewId: reviewReports.reviewId },
        where: and(eq(reviewReports.status, "open"), eq(reviewReports.routedTo, "operators")) as SQL,
      };
    case "appeals":
      return {
        id: moderationAppeals.id,
        createdAt: moderationAppeals.createdAt,
        reason: sql<string | null>`null`,
        from: { table: moderationAppeals, reviewId: moderationAppeals.reviewId },
        where: eq(moderationAppeals.status, "open"),
      };
  }
}

type Row = Record<string, unknown>;

/** The queue's rows with `fields`; with `page`, oldest first (then by id, a stable order). */
async function queueRows(
  db: DbOrTx,
  queue: QueueName,
  now: Date,
  fields: SelectedFields,
  page?: { limit: number; offset: number },
): Promise<Row[]> {
  const source = queueSource(queue, now);
  const ordered = <Q extends PgSelect>(query: Q) =>
    page ? query.orderBy(asc(source.createdAt), asc(source.id)).limit(page.limit).offset(page.offset) : query;
  const withCompany = eq(companies.id, reviews.companyId);
  switch (source.from?.table) {
    case undefined:
      return ordered(
        db.select(fields).from(reviews).innerJoin(companies, withCompany).where(source.where).$dynamic(),
      );
    case reviewContests:
      return ordered(
        db
          .select(fields)
          .from(reviewContests)
          .innerJoin(reviews, eq(reviews.id, reviewContests.reviewId))
          .innerJoin(companies, withCompany)
          .where(source.where)
          .$dynamic(),
      );
    case reviewReports:
      return ordered(
        db
          .select(fields)
          .from(reviewReports)
          .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
          .innerJoin(companies, withCompany)
          .where(source.where)
          .$dynamic(),
      );
    default:
      return ordered(
        db
          .select(fields)
          .from(moderationAppeals)
          .innerJoin(reviews, eq(reviews.id, moderationAppeals.reviewId))
          .innerJoin(companies, withCompany)
          .where(source.where)
          .$dynamic(),
      );
  }
}

/** Each queue's open items and its oldest one (`oldest_age_seconds` at `now`). */
export async function queueSummary(db: DbOrTx, now: Date): Promise<SchemaOf<"OperatorQueues">> {
  const queues = await Promise.all(
    QUEUE_NAMES.map(async (queue) => {
      const source = queueSource(queue, now);
      const [row] = await queueRows(db, queue, now, { count: count(), oldest: min(source.createdAt) });
      const oldest = row?.oldest ? new Date(row.oldest as Date | string) : null;
      return {
        queue,
        count: Number(row?.count ?? 0),
        oldest_at: oldest ? oldest.toISOString() : null,
        oldest_age_seconds: oldest
          ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000))
          : null,
      };
    }),
  );
  return { queues };
}

/** A page of a queue, oldest first (then by id, a stable order). */
export async function queueItems(
  db: DbOrTx,
  queue: QueueName,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: QueueItem[] }> {
  const source = queueSource(queue, now);
  const [total] = await queueRows(db, queue, now, { count: count() });
  const rows = await queueRows(
    db,
    queue,
    now,
    {
      id: source.id,
      createdAt: source.createdAt,
      reason: source.reason,
      reviewId: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      companyName: companies.name,
    },
    page,
  );
  return {
    count: Number(total?.count ?? 0),
    results: rows.map((row) => ({
      queue,
      id: String(row.id),
      review_id: String(row.reviewId),
      company_name: String(row.companyName),
      rating: Number(row.rating),
      excerpt: excerpt(row.title as string | null, row.comment as string | null),
      reason: (row.reason as string | null) || null,
      created_at: new Date(row.createdAt as Date | string).toISOString(),
    })),
  };
}

function excerpt(title: string | null, comment: string | null): string {
  const text = (title?.trim() || comment?.trim() || "").replace(/\s+/g, " ");
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}
