import { randomUUID } from "node:crypto";
import {
  type CsvRecord,
  type OrderCsvColumn,
  type OrderCsvRowError,
  parseOrderDate,
  validateOrderCsvRecord,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { orderImport } from "@certavis/i18n-fr/messages/order-import";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { orderImports, orders, products } from "../../db/schema";
import type { ResponseOf } from "../../http/operation-types";
import { addDays } from "../pipeline/clock";
import { deriveReviewKey, hashReviewKey, REVIEW_KEY_LIFETIME_DAYS } from "../pipeline/review-key";
import { emailDelays, orderEmailRows } from "../pipeline/schedule";
import { insertEmailDeliveries, insertOrders, type NewOrderRow } from "./bulk-insert";

/** Bounds of an import; tests may lower them. */
export const importLimits = {
  /**
   * Lines per batch: one transaction each, then the event loop is given back. PGlite runs queries on
   * the server's own thread, so its batches are small enough to keep other requests under ~50 ms.
   */
  batchSize: { pglite: 50, postgres: 1000 },
  /** An import running longer stops (`failed`, with what was kept). */
  timeCapMs: 5 * 60_000,
  /** A running import whose heartbeat is older lost its instance (crash, deploy). */
  staleAfterMs: 60_000,
};

export type OrderImportView = ResponseOf<"companyOrderImportsGet", 200>;
type ImportRow = typeof orderImports.$inferSelect;

/** Lets other requests (and the `/health/` probe) run between two pieces of an import. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function orderImportView(row: ImportRow): OrderImportView {
  return {
    id: row.id,
    status: row.status as OrderImportView["status"],
    filename: row.filename,
    encoding: row.encoding as OrderImportView["encoding"],
    separator: row.separator as OrderImportView["separator"],
    total: row.total,
    processed: row.processed,
    created: row.created,
    existing: row.existing,
    refused: row.refused,
    errors: row.errors,
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** Running imports of `companyId` (or all) whose instance stopped beating are marked failed. */
export async function failStaleImports(db: Db, now: Date, companyId?: string): Promise<void> {
  const stale = await db
    .select()
    .from(orderImports)
    .where(
      and(
        eq(orderImports.status, "running"),
        lt(orderImports.heartbeatAt, new Date(now.getTime() - importLimits.staleAfterMs)),
        companyId ? eq(orderImports.companyId, companyId) : undefined,
      ),
    );
  for (const job of stale) {
    await db
      .update(orderImports)
      .set({
        status: "failed",
        detail: orderImport.server.interrupted(job.processed, job.total),
        finishedAt: now,
      })
      .where(and(eq(orderImports.id, job.id), eq(orderImports.status, "running")));
  }
}

interface ProductInfo {
  id: string;
  sendReminder: boolean;
  emailRequestTemplateId: string | null;
  emailReminderTemplateId: string | null;
  initialEmailDelayDays: number;
  followUpDelayDays: number;
}

export interface ImportSource {
  columns: (OrderCsvColumn | null)[];
  /** Data records (the header excluded). */
  records: CsvRecord[];
}

class JobStopped extends Error {}

/**
 * Runs one import: batches of `importLimits.batchSize` lines, each checked with the domain's order
 * rules, then its new orders, their e-mail jobs and the job's counts written in ONE transaction
 * (bulk inserts), then the event loop is given back. The job row always says what was kept.
 */
export async function runOrderImport(
  ctx: AppContext,
  jobId: string,
  companyId: string,
  source: ImportSource,
  shouldStop: () => boolean,
): Promise<void> {
  const { db } = ctx;
  const startedAt = Date.now();
  const batchSize = importLimits.batchSize[ctx.database.kind];
  const catalogue = await db
    .select({
      id: products.id,
      sku: products.sku,
      sendReminder: products.sendReminder,
      emailRequestTemplateId: products.emailRequestTemplateId,
      emailReminderTemplateId: products.emailReminderTemplateId,
      initialEmailDelayDays: products.initialEmailDelayDays,
      followUpDelayDays: products.followUpDelayDays,
    })
    .from(products)
    .where(eq(products.companyId, companyId));
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const bySku = new Map(catalogue.filter((p) => p.sku).map((p) => [p.sku as string, p]));
  const delays = new Map<string, Awaited<ReturnType<typeof emailDelays>>>();
  const delaysOf = async (product: ProductInfo) => {
    let found = delays.get(product.id);
    if (!found) {
      found = await emailDelays(db, product);
      delays.set(product.id, found);
    }
    return found;
  };
  /** References the file already brought in (created or known): a repeat is 'already known'. */
  const seen = new Set<string>();
  const finish = (status: "done" | "failed", detail: string | null) =>
    db
      .update(orderImports)
      .set({ status, detail, finishedAt: ctx.now(), heartbeatAt: ctx.now() })
      .where(and(eq(orderImports.id, jobId), eq(orderImports.status, "running")));

  try {
    for (let start = 0; start < source.records.length; start += batchSize) {
      if (shouldStop()) throw new JobStopped();
      if (Date.now() - startedAt > importLimits.timeCapMs) {
        const [job] = await db.select().from(orderImports).where(eq(orderImports.id, jobId));
        await finish(
          "failed",
          orderImport.server.timeCap(
            job?.processed ?? start,
            source.records.length,
            Math.round(importLimits.timeCapMs / 60_000),
          ),
        );
        return;
      }
      const batch = source.records.slice(start, start + batchSize);
      const errors: OrderCsvRowError[] = [];
      let existing = 0;
      const candidates: {
        line: number;
        reference: string;
        row: NewOrderRow;
        product: ProductInfo;
      }[] = [];
      const now = ctx.now();
      for (const record of batch) {
        const checked = validateOrderCsvRecord(source.columns, record);
        if (!checked.ok) {
          errors.push(checked.error);
          continue;
        }
        const { order } = checked.row;
        const product = order.product_id ? byId.get(order.product_id) : bySku.get(order.sku ?? "");
        if (!product) {
          errors.push({
            line: record.line,
            errors: { [order.product_id ? "product_id" : "sku"]: [fr.server.orders.productNotFound] },
          });
          continue;
        }
        const reference = order.reference;
        if (seen.has(reference)) {
          existing += 1;
          continue;
        }
        seen.add(reference);
        const id = randomUUID();
        candidates.push({
          line: record.line,
          reference,
          product,
          row: {
            id,
            companyId,
            productId: product.id,
            reference,
            buyerEmail: order.buyer_email.toLowerCase(),
            buyerFirstName: order.buyer_first_name,
            buyerLastName: order.buyer_last_name,
            orderDate: (order.order_date ? parseOrderDate(order.order_date) : null) ?? now,
            reviewKeyHash: hashReviewKey(deriveReviewKey(ctx.keys.currentKey("review-key"), id)),
            reviewKeyExpiresAt: addDays(now, REVIEW_KEY_LIFETIME_DAYS),
            createdAt: now,
          },
        });
      }
      for (const candidate of candidates) await delaysOf(candidate.product);

      await db.transaction(async (tx) => {
        const refs = candidates.map((c) => c.reference);
        const known = refs.length
          ? await tx
              .select({ reference: orders.reference })
              .from(orders)
              .where(and(eq(orders.companyId, companyId), inArray(orders.reference, refs)))
          : [];
        const knownRefs = new Set(known.map((k) => k.reference));
        const fresh = candidates.filter((c) => !knownRefs.has(c.reference));
        const insertedIds = await insertOrders(
          tx,
          fresh.map((c) => c.row),
        );
        const deliveries = fresh
          .filter((c) => insertedIds.has(c.row.id))
          .flatMap(
            (c) =>
              orderEmailRows(
                { id: c.row.id, companyId, orderDate: c.row.orderDate },
                delays.get(c.product.id) ?? { requestAfterDays: 3, reminderAfterDays: null },
              ).rows,
          );
        await insertEmailDeliveries(tx, deliveries);
        const created = insertedIds.size;
        const updated = await tx
          .update(orderImports)
          .set({
            processed: sql`${orderImports.processed} + ${batch.length}`,
            created: sql`${orderImports.created} + ${created}`,
            existing: sql`${orderImports.existing} + ${existing + candidates.length - created}`,
            refused: sql`${orderImports.refused} + ${errors.length}`,
            errors: errors.length
              ? sql`${orderImports.errors} || ${JSON.stringify(errors)}::jsonb`
              : undefined,
            heartbeatAt: ctx.now(),
          })
          .where(and(eq(orderImports.id, jobId), eq(orderImports.status, "running")))
          .returning({ id: orderImports.id });
        // Marked failed meanwhile (thought lost): this batch is not kept, the job's counts stay true.
        if (updated.length === 0) throw new JobStopped();
      });
      await yieldToLoop();
    }
    await finish("done", null);
  } catch (error) {
    const [job] = await db.select().from(orderImports).where(eq(orderImports.id, jobId));
    await finish(
      "failed",
      error instanceof JobStopped
        ? orderImport.server.interrupted(job?.processed ?? 0, source.records.length)
        : orderImport.server.failed(job?.processed ?? 0, source.records.length),
    );
    if (!(error instanceof JobStopped)) throw error;
  }
}
