import { randomUUID } from "node:crypto";
import {
  type CsvRecord,
  foldHeader,
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
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { emailDeliveries, type OrderImportLineError, orderImports, orders, products } from "../../db/schema";
import type { ResponseOf, SchemaOf } from "../../http/operation-types";
import {
  deriveReviewKey,
  hashReviewKey,
  REVIEW_KEY_LIFETIME_DAYS,
  reviewKeySecret,
} from "../../lib/review-key";
import { shopProducts } from "../../lib/shop-products";
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
    orders_created: row.ordersCreated,
    orders_completed: row.ordersCompleted,
    lines_added: row.linesAdded,
    skipped: row.skipped,
    orders_skipped: row.ordersSkipped,
    orders_unmailed: row.ordersUnmailed,
    new_products: row.newProducts,
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

const PRODUCT_INFO = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  status: products.status,
  sendReminder: products.sendReminder,
  emailRequestTemplateId: products.emailRequestTemplateId,
  emailReminderTemplateId: products.emailReminderTemplateId,
  initialEmailDelayDays: products.initialEmailDelayDays,
  followUpDelayDays: products.followUpDelayDays,
};
type CatalogueProduct = ProductInfo & { name: string; sku: string | null; status: string };

/** A line's reference cell as written (the group's key), for counting the orders a status left out. */
function referenceOf(columns: readonly (OrderCsvColumn | null)[], record: CsvRecord): string {
  const index = columns.indexOf("reference");
  return index < 0 ? "" : (record.cells[index] ?? "").trim();
}

/**
 * The product of a line the catalogue lacks, created like a connection's (one home: `shopProducts`):
 * the SKU as reference, else the folded name as external id, the line's product name as name.
 */
async function shopProduct(
  ctx: AppContext,
  companyId: string,
  sku: string | null,
  title: string,
): Promise<{ ok: true; product: CatalogueProduct; created: boolean } | { ok: false; reason: string }> {
  const item = {
    sku,
    externalId: sku ? null : `csv:${foldHeader(title)}`.slice(0, 200),
    title: title.slice(0, 200),
  };
  const found = await shopProducts(ctx.db, companyId, [item], ctx.now());
  if (!found.ok) return found;
  const [product] = await ctx.db
    .select(PRODUCT_INFO)
    .from(products)
    .where(eq(products.id, found.ids[0] ?? ""));
  if (!product) throw new Error("product vanished after its creation");
  return { ok: true, product, created: found.created.length > 0 };
}

/**
 * Orders of the batch whose reference the company already has: their lines become the products those
 * orders lack (`completes`, numbered after the order's last line, under its head), the other lines are
 * dropped as known. Answers the number of lines dropped.
 */
async function completeKnownOrders(
  db: Db,
  companyId: string,
  batchOrders: Map<string, { lines: NewOrderRow[] }>,
  rows: NewOrderRow[],
  delaysOfProduct: (productId: string) => EmailDelays | null,
): Promise<number> {
  if (batchOrders.size === 0) return 0;
  const known = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      line: orders.line,
      productId: orders.productId,
      emailStop: orders.emailStop,
      orderDate: orders.orderDate,
    })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.reference, [...batchOrders.keys()])))
    .orderBy(asc(orders.line));
  if (known.length === 0) return 0;
  const byReference = new Map<string, typeof known>();
  for (const row of known) byReference.set(row.reference, [...(byReference.get(row.reference) ?? []), row]);
  // Heads whose request is still to leave: it will list the added products too.
  const heads = known.filter((row) => row.line === 0);
  const pending = new Set(
    (
      await db
        .select({ orderId: emailDeliveries.orderId })
        .from(emailDeliveries)
        .where(
          and(
            inArray(
              emailDeliveries.orderId,
              heads.map((head) => head.id),
            ),
            eq(emailDeliveries.kind, "request"),
            inArray(emailDeliveries.status, ["scheduled", "held"]),
          ),
        )
    ).map((row) => row.orderId),
  );
  const dropped = new Set<NewOrderRow>();
  for (const [reference, order] of batchOrders) {
    const lines = byReference.get(reference);
    const head = lines?.find((line) => line.line === 0);
    if (!lines || !head) continue;
    let last = Math.max(...lines.map((line) => line.line));
    const added: NewOrderRow[] = [];
    for (const row of order.lines) {
      if (lines.some((line) => line.productId === row.productId) || last + 1 >= MAX_ORDER_ITEMS) {
        dropped.add(row);
        continue;
      }
      last += 1;
      Object.assign(row, {
        headId: head.id,
        line: last,
        completes: true,
        draftOnly: false,
        // An order left without e-mail (draft products, unsubscribed buyer) stays so.
        emailStop: head.emailStop,
        orderDate: head.orderDate,
        requestAt: null,
        reminderAt: null,
      });
      added.push(row);
    }
    // The order's request already left (or never will by its own): the added products get a request
    // of their own, on the first of them, due with their delays from the order's date.
    const [first] = added;
    if (!first || head.emailStop !== null || pending.has(head.id)) continue;
    const delays = added.flatMap((row) => delaysOfProduct(row.productId) ?? []);
    if (!delays.length) continue;
    Object.assign(first, emailDueDates(head.orderDate, orderEmailDelays(delays)));
  }
  const remaining = rows.filter((row) => !dropped.has(row));
  rows.splice(0, rows.length, ...remaining);
  return dropped.size;
}

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
  const catalogue: CatalogueProduct[] = await db
    .select(PRODUCT_INFO)
    .from(products)
    .where(eq(products.companyId, companyId));
  // Only orders recorded before the job can be completed (the file's own are whole in their batch):
  // a company without any skips the look-up per batch.
  const [anyOrder] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .limit(1);
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const bySku = new Map(catalogue.filter((p) => p.sku).map((p) => [p.sku as string, p]));
  /** Products this import created for lines without SKU, by folded name (later lines find them). */
  const byNewName = new Map<string, CatalogueProduct>();
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
      let skipped = 0;
      const skippedReferences = new Set<string>();
      const newProducts: string[] = [];
      const rows: NewOrderRow[] = [];
      /** The orders of this batch by reference: a later line of one adds its product. */
      const batchOrders = new Map<
        string,
        {
          lines: NewOrderRow[];
          delays: EmailDelays[] /** Every product so far is a draft. */;
          draftOnly: boolean;
        }
      >();
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
            if (checked.error.skipped) {
              skipped += 1;
              skippedReferences.add(referenceOf(source.columns, record));
            }
            errors.push({
              line: record.line,
              errors: domainFieldErrorsText(checked.error.errors),
              ...(sku ? { sku } : {}),
              ...(product_name ? { product_name } : {}),
              ...(checked.error.skipped ? { skipped: true as const } : {}),
            });
            continue;
          }
          const { order, productName } = checked.row;
          let product = order.product_id
            ? byId.get(order.product_id)
            : order.sku
              ? bySku.get(order.sku)
              : byNewName.get(foldHeader(productName ?? ""));
          if (!product && !order.product_id) {
            // An unknown product is created, active, as a connection's would be (issue 42 §2).
            const made = await shopProduct(ctx, companyId, order.sku ?? null, productName ?? order.sku ?? "");
            if (made.ok) {
              product = made.product;
              byId.set(product.id, product);
              if (product.sku) bySku.set(product.sku, product);
              else byNewName.set(foldHeader(productName ?? ""), product);
              if (made.created) newProducts.push(product.name);
            } else {
              errors.push({
                line: record.line,
                errors: { [order.sku ? "sku" : "product_name"]: [made.reason] },
                ...(order.sku ? { sku: order.sku } : {}),
                ...(productName ? { product_name: productName } : {}),
              });
              continue;
            }
          }
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
            if (product.status !== "draft") taken.draftOnly = false;
            if (product.status !== "draft" && !oldAndQuiet) taken.delays.push(delaysOfLine);
            const due = orderEmails(head.orderDate, taken.delays);
            for (const line of taken.lines) line.emailStop = due.emailStop;
            Object.assign(head, due, { draftOnly: taken.delays.length === 0 && taken.draftOnly });
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
            draftOnly: product.status === "draft",
          });
          batchOrders.set(reference, {
            lines: [rows[rows.length - 1] as NewOrderRow],
            delays: mailedDelays,
            draftOnly: product.status === "draft",
          });
        }
      }
      // The lines were checked on this turn of the loop, the database writes them on the next one.
      await yieldToLoop();
      if (anyOrder)
        repeats += await completeKnownOrders(db, companyId, batchOrders, rows, (productId) => {
          const product = byId.get(productId);
          return product && product.status !== "draft" ? (delays.get(productId) ?? null) : null;
        });
      await yieldToLoop();
      await db.transaction(async (tx) => {
        const created = await insertOrderBatch(tx, {
          jobId,
          companyId,
          rows,
          processed: next - first,
          repeats,
          errors,
          skipped,
          ordersSkipped: skippedReferences.size,
          newProducts,
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
