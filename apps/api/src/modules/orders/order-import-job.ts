import { randomUUID } from "node:crypto";
import {
  type CsvRecord,
  groupOrderCsvLines,
  isOldOrder,
  MAX_ORDER_ITEMS,
  type OrderCsvColumn,
  orderCsvLineReader,
  orderEmailDelays,
  parseOrderDate,
} from "@certavis/domain";
import { orderImport } from "@certavis/i18n-fr/messages/order-import";
import { domainFieldErrorsText, fr } from "@certavis/i18n-fr/server";
import { and, eq, lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { type OrderImportLineError, orderImports, products } from "../../db/schema";
import type { ResponseOf, SchemaOf } from "../../http/operation-types";
import {
  deriveReviewKey,
  hashReviewKey,
  REVIEW_KEY_LIFETIME_DAYS,
  reviewKeySecret,
} from "../../lib/review-key";
import { yieldToLoop } from "../../lib/yield-to-loop";
import { addDays } from "../pipeline/clock";
import { type EmailDelays, emailDelays, emailDueDates } from "../pipeline/schedule";
import {
  insertOrderBatch,
  type NewOrderRow,
  type ProductShopFields,
  updateProductShopFields,
} from "./bulk-insert";

/** Bounds of an import; tests may lower them. */
export const importLimits = {
  /**
   * Orders written per batch: one statement each, with the event loop given back before and after
   * it. PGlite runs queries on the server's own thread, so its batches are small: on 2 shared cores a
   * request waiting behind one, and a progress poll, must stay under 100 ms. On PostgreSQL only the
   * lines' checks hold the loop (figures in bench/README.md).
   */
  batchSize: { pglite: 25, postgres: 500 },
  /** At most this many lines checked per batch (a file of refused lines writes no order). */
  linesPerBatch: { pglite: 500, postgres: 1000 },
  /** An import running longer stops (`failed`, with what was kept). */
  timeCapMs: 5 * 60_000,
  /** A running import whose heartbeat is older lost its instance (crash, deploy). */
  staleAfterMs: 60_000,
};

export type OrderImportView = ResponseOf<"companyOrderImportsGet", 200>;
export type OrderImportSummary = SchemaOf<"OrderImportSummary">;
type ImportRow = typeof orderImports.$inferSelect;

/** The job as the list of imports shows it (its refused lines left out). */
export function orderImportSummary(row: Omit<ImportRow, "errors">): OrderImportSummary {
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
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export function orderImportView(row: ImportRow): OrderImportView {
  return { ...orderImportSummary(row), errors: row.errors };
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
  /** Orders older than `OLD_ORDER_DAYS` are recorded without e-mails (`skipped`). */
  skipOldOrders?: boolean;
}

class JobStopped extends Error {}

/** The e-mails of an order whose mailed products have `delays`; none (`skipped`) when all are drafts. */
function orderEmails(
  orderDate: Date,
  delays: EmailDelays[],
): Pick<NewOrderRow, "requestAt" | "reminderAt" | "emailStop"> {
  if (!delays.length) return { requestAt: null, reminderAt: null, emailStop: "skipped" };
  return { ...emailDueDates(orderDate, orderEmailDelays(delays)), emailStop: null };
}

/**
 * Runs one import: batches of about `importLimits.batchSize` lines, whole orders each (an order's
 * lines are read together, where its first line stands: `groupOrderCsvLines`), checked with the
 * domain's order rules, then its new orders, their e-mail jobs and the job's counts written by ONE
 * statement in its own transaction; the event loop is given back between the checks and the write
 * and after it, so no piece holds the server longer than one batch's checks or one statement. The
 * job row always says what was kept.
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
  const linesPerBatch = Math.max(batchSize, importLimits.linesPerBatch[ctx.database.kind]);
  const catalogue = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      status: products.status,
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
  const delays = new Map<string, EmailDelays>();
  const delaysOf = async (product: ProductInfo) => {
    let found = delays.get(product.id);
    if (!found) {
      found = await emailDelays(db, product);
      delays.set(product.id, found);
    }
    return found;
  };
  /** References the file already brought in (created or known); an order's lines are all in one batch. */
  const seen = new Set<string>();
  const finish = (status: "done" | "failed", detail: string | null) =>
    db
      .update(orderImports)
      .set({ status, detail, finishedAt: ctx.now(), heartbeatAt: ctx.now() })
      .where(and(eq(orderImports.id, jobId), eq(orderImports.status, "running")));

  try {
    const { records } = source;
    const groups = groupOrderCsvLines(source.columns, records);
    const readLine = orderCsvLineReader(source.columns, catalogue);
    /** The next order (group of lines) to read, and the number of lines read before it. */
    let nextGroup = 0;
    let next = 0;
    while (nextGroup < groups.length) {
      if (shouldStop()) throw new JobStopped();
      if (Date.now() - startedAt > importLimits.timeCapMs) {
        const [job] = await db.select().from(orderImports).where(eq(orderImports.id, jobId));
        await finish(
          "failed",
          orderImport.server.timeCap(
            job?.processed ?? next,
            records.length,
            Math.round(importLimits.timeCapMs / 60_000),
          ),
        );
        return;
      }
      const first = next;
      const errors: OrderImportLineError[] = [];
      let repeats = 0;
      const rows: NewOrderRow[] = [];
      /** The orders of this batch by reference: a later line of one adds its product. */
      const batchOrders = new Map<string, { lines: NewOrderRow[]; delays: EmailDelays[] }>();
      const shopFields: ProductShopFields = new Map();
      const now = ctx.now();
      const secret = reviewKeySecret(ctx.keys.currentKey("review-key"));
      // A batch ends after the order that brings it to `batchSize` lines to write or `linesPerBatch`
      // lines checked (refused and repeated lines cost no insert, but each batch rewrites the job's
      // list of errors), never inside an order: a later batch would take its other lines for repeats.
      while (nextGroup < groups.length && rows.length < batchSize && next - first < linesPerBatch) {
        for (const record of groups[nextGroup++] as CsvRecord[]) {
          next += 1;
          const checked = readLine(record);
          if (!checked.ok) {
            const { sku, product_name } = checked.error;
            errors.push({
              line: record.line,
              errors: domainFieldErrorsText(checked.error.errors),
              ...(sku ? { sku } : {}),
              ...(product_name ? { product_name } : {}),
            });
            continue;
          }
          const { order } = checked.row;
          const product = order.product_id ? byId.get(order.product_id) : bySku.get(order.sku ?? "");
          if (!product) {
            errors.push({
              line: record.line,
              errors: { [order.product_id ? "product_id" : "sku"]: [fr.server.orders.productNotFound] },
              ...(order.sku ? { sku: order.sku } : {}),
            });
            continue;
          }
          if (checked.row.product)
            shopFields.set(product.id, { ...shopFields.get(product.id), ...checked.row.product });
          const reference = order.reference;
          const id = randomUUID();
          const delaysOfLine = delays.get(product.id) ?? (await delaysOf(product));
          if (seen.has(reference)) {
            // Another product of this batch's order: a further line, its e-mails due with the latest; the
            // same product again, or one beyond `MAX_ORDER_ITEMS`, is 'already known'.
            const taken = batchOrders.get(reference);
            const full = !taken || taken.lines.length >= MAX_ORDER_ITEMS;
            if (full || taken.lines.some((line) => line.productId === product.id)) {
              repeats += 1;
              continue;
            }
            const head = taken.lines[0] as NewOrderRow;
            const oldAndQuiet = source.skipOldOrders && isOldOrder(head.orderDate, now);
            if (product.status !== "draft" && !oldAndQuiet) taken.delays.push(delaysOfLine);
            const due = orderEmails(head.orderDate, taken.delays);
            for (const line of taken.lines) line.emailStop = due.emailStop;
            Object.assign(head, due);
            const item: NewOrderRow = {
              ...head,
              id,
              line: taken.lines.length,
              productId: product.id,
              reviewKeyHash: hashReviewKey(deriveReviewKey(secret, id)),
            };
            taken.lines.push(item);
            rows.push(item);
            continue;
          }
          seen.add(reference);
          const orderDate = (order.order_date ? parseOrderDate(order.order_date) : null) ?? now;
          // A draft product asks nobody for a review (issue 27.10): only the others' delays count. An
          // old order the shop chose not to write about asks nobody either (issue 27.9).
          const quiet = product.status === "draft" || (source.skipOldOrders && isOldOrder(orderDate, now));
          const mailedDelays = quiet ? [] : [delaysOfLine];
          rows.push({
            id,
            headId: id,
            line: 0,
            productId: product.id,
            reference,
            buyerEmail: order.buyer_email.toLowerCase(),
            buyerFirstName: order.buyer_first_name,
            buyerLastName: order.buyer_last_name,
            orderDate,
            reviewKeyHash: hashReviewKey(deriveReviewKey(secret, id)),
            ...orderEmails(orderDate, mailedDelays),
          });
          batchOrders.set(reference, { lines: [rows[rows.length - 1] as NewOrderRow], delays: mailedDelays });
        }
      }
      // The lines were checked on this turn of the loop, the database writes them on the next one.
      await yieldToLoop();
      await db.transaction(async (tx) => {
        const created = await insertOrderBatch(tx, {
          jobId,
          companyId,
          rows,
          processed: next - first,
          repeats,
          errors,
          now,
          reviewKeyExpiresAt: addDays(now, REVIEW_KEY_LIFETIME_DAYS),
        });
        // Marked failed meanwhile (thought lost): this batch is not kept, the job's counts stay true.
        if (created === null) throw new JobStopped();
        await updateProductShopFields(tx, companyId, shopFields);
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
