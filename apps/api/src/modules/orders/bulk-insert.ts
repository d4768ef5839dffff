import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows-of";
import type { OrderImportLineError } from "../../db/schema";
import { webhookOutboxCtes } from "../../lib/webhook-outbox";

/**
 * One product line of an import batch. Line 0 is the order's head, with the due dates of its e-mail
 * jobs (reminder: null when none); a further line of the same order names its head (`headId`).
 */
export interface NewOrderRow {
  id: string;
  headId: string;
  line: number;
  productId: string;
  reference: string;
  buyerEmail: string;
  buyerFirstName: string;
  buyerLastName: string;
  orderDate: Date;
  reviewKeyHash: string;
  /** Null with `emailStop` `skipped`: every product of the order is a draft, no e-mail is scheduled. */
  requestAt: Date | null;
  reminderAt: Date | null;
  emailStop: "skipped" | "suppressed" | null;
  /**
   * A product added to an order a former import or call recorded: `headId` is that order's head; the
   * first one added carries due dates when the order's own request already left.
   */
  completes?: boolean;
  /** A head whose every product is a draft: the order is recorded without any e-mail. */
  draftOnly?: boolean;
}

export interface ImportBatch {
  jobId: string;
  companyId: string;
  /**
   * Order lines to create; a reference the company already has is skipped with its lines, and counted
   * as existing.
   */
  rows: NewOrderRow[];
  /** Lines of the batch (every one is counted as processed). */
  processed: number;
  /** Lines already counted as existing before the database (repeats inside the file). */
  repeats: number;
  errors: OrderImportLineError[];
  /** Lines, and orders, left out by their status (their lines are among `errors`, marked skipped). */
  skipped: number;
  ordersSkipped: number;
  /** Names of the products created for this batch. */
  newProducts: string[];
  now: Date;
  reviewKeyExpiresAt: Date;
}

/**
 * Writes one import batch in ONE statement: the new orders and their further lines (known references
 * skipped with all their lines, but for the products they lacked, added to them: `completes`), the due e-mail jobs of the heads actually inserted, and the job's counts — only while the job is `running`.
 * Its only large parameter is a JSON array: on PGlite, thousands of bound parameters cost more than
 * the insert itself, and every statement is a round of work on the server's own thread.
 * Answers the number of order lines created, or null when the job was no longer running (the caller's
 * transaction must then be rolled back).
 */
export async function insertOrderBatch(tx: DbOrTx, batch: ImportBatch): Promise<number | null> {
  const json = JSON.stringify(
    batch.rows.map((r) => ({
      id: r.id,
      head_id: r.headId,
      line: r.line,
      product_id: r.productId,
      reference: r.reference,
      buyer_email: r.buyerEmail,
      buyer_first_name: r.buyerFirstName,
      buyer_last_name: r.buyerLastName,
      order_date: r.orderDate.toISOString(),
      review_key_hash: r.reviewKeyHash,
      request_at: r.requestAt ? r.requestAt.toISOString() : null,
      email_stop: r.emailStop,
      reminder_at: r.reminderAt ? r.reminderAt.toISOString() : null,
      completes: r.completes === true,
      draft_only: r.draftOnly === true,
    })),
  );
  const refused = batch.errors.filter((error) => !error.skipped).length;
  const newProducts: SQL = batch.newProducts.length
    ? sql`new_products = new_products || ${JSON.stringify(batch.newProducts)}::jsonb,`
    : sql``;
  const now = batch.now.toISOString();
  const errors: SQL = batch.errors.length
    ? sql`errors = errors || ${JSON.stringify(batch.errors)}::jsonb,`
    : sql``;
  const result = await tx.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, head_id uuid, line smallint,
        product_id uuid, reference text, buyer_email text, buyer_first_name text, buyer_last_name text,
        order_date timestamptz, review_key_hash text, request_at timestamptz, reminder_at timestamptz,
        email_stop text, completes boolean, draft_only boolean)
    ), heads AS (
      INSERT INTO orders (id, company_id, product_id, reference, line, buyer_email, buyer_first_name,
        buyer_last_name, order_date, review_key_hash, review_key_expires_at, created_at, email_stop, source)
      SELECT id, ${batch.companyId}::uuid, product_id, reference, line, buyer_email, buyer_first_name,
        buyer_last_name, order_date, review_key_hash, ${batch.reviewKeyExpiresAt.toISOString()}::timestamptz,
        ${now}::timestamptz, email_stop, 'csv'
      FROM input WHERE line = 0
      ON CONFLICT (company_id, reference, line) DO NOTHING
      RETURNING id
    ), items AS (
      INSERT INTO orders (id, company_id, product_id, reference, line, buyer_email, buyer_first_name,
        buyer_last_name, order_date, review_key_hash, review_key_expires_at, created_at, email_stop, source)
      SELECT id, ${batch.companyId}::uuid, product_id, reference, line, buyer_email, buyer_first_name,
        buyer_last_name, order_date, review_key_hash, ${batch.reviewKeyExpiresAt.toISOString()}::timestamptz,
        ${now}::timestamptz, email_stop, 'csv'
      FROM input WHERE line > 0 AND (head_id IN (SELECT id FROM heads) OR completes)
      ON CONFLICT (company_id, reference, line) DO NOTHING
      RETURNING id
    ), added AS (
      SELECT input.head_id FROM items JOIN input USING (id) WHERE input.completes
    ), scheduled AS (
      INSERT INTO email_deliveries (company_id, order_id, kind, status, scheduled_at)
      SELECT ${batch.companyId}::uuid, input.id, due.kind, 'scheduled', due.at
      FROM (SELECT id FROM heads UNION ALL SELECT items.id FROM items JOIN input USING (id) WHERE input.completes)
        AS due_rows JOIN input USING (id)
        CROSS JOIN LATERAL (VALUES ('request', input.request_at), ('reminder', input.reminder_at)) AS due(kind, at)
      WHERE due.at IS NOT NULL
      ON CONFLICT DO NOTHING
    )${webhookOutboxCtes(batch.companyId, "order.created", "heads", batch.now)}, counted AS (
      SELECT ((SELECT count(*) FROM heads) + (SELECT count(*) FROM items))::int AS created,
        (SELECT count(*) FROM heads)::int AS orders,
        (SELECT count(*) FROM heads JOIN input USING (id) WHERE input.draft_only)::int AS unmailed,
        (SELECT count(*) FROM added)::int AS added,
        (SELECT count(DISTINCT head_id) FROM added)::int AS completed
    )
    UPDATE order_imports SET
      processed = processed + ${batch.processed}::int,
      created = order_imports.created + counted.created,
      existing = existing + ${batch.repeats + batch.rows.length}::int - counted.created,
      refused = refused + ${refused}::int,
      skipped = order_imports.skipped + ${batch.skipped}::int,
      orders_skipped = order_imports.orders_skipped + ${batch.ordersSkipped}::int,
      orders_created = order_imports.orders_created + counted.orders,
      orders_unmailed = order_imports.orders_unmailed + counted.unmailed,
      orders_completed = order_imports.orders_completed + counted.completed,
      lines_added = order_imports.lines_added + counted.added,
      ${errors}
      ${newProducts}
      heartbeat_at = ${now}::timestamptz
    FROM counted
    WHERE order_imports.id = ${batch.jobId}::uuid AND order_imports.status = 'running'
    RETURNING counted.created`);
  const [row] = rowsOf(result);
  return row ? Number(row.created) : null;
}

/** What lines of a batch said of their products (GTIN, brand, page): the last line of a product wins. */
export type ProductShopFields = Map<string, { gtin?: string; brand?: string; url?: string }>;

/** Sets the given fields of the company's products in ONE statement; a field a line left empty is kept. */
export async function updateProductShopFields(
  tx: DbOrTx,
  companyId: string,
  fields: ProductShopFields,
): Promise<void> {
  if (fields.size === 0) return;
  const json = JSON.stringify(
    [...fields].map(([id, f]) => ({ id, gtin: f.gtin, brand: f.brand, url: f.url })),
  );
  await tx.execute(sql`
    UPDATE products SET
      gtin = coalesce(input.gtin, products.gtin),
      brand = coalesce(input.brand, products.brand),
      url = coalesce(input.url, products.url)
    FROM jsonb_to_recordset(${json}::jsonb) AS input(id uuid, gtin text, brand text, url text)
    WHERE products.id = input.id AND products.company_id = ${companyId}::uuid`);
}
