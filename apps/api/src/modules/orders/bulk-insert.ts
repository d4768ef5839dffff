import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { emailDeliveries } from "../../db/schema";

export interface NewOrderRow {
  id: string;
  companyId: string;
  productId: string;
  reference: string;
  buyerEmail: string;
  buyerFirstName: string;
  buyerLastName: string;
  orderDate: Date;
  reviewKeyHash: string;
  reviewKeyExpiresAt: Date;
  createdAt: Date;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Inserts many orders in one statement whose only parameter is a JSON array: on PGlite, thousands
 * of bound parameters cost more than the insert itself. Known references are skipped (another
 * request got there first); answers the ids actually inserted.
 */
export async function insertOrders(tx: DbOrTx, rows: NewOrderRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      company_id: r.companyId,
      product_id: r.productId,
      reference: r.reference,
      buyer_email: r.buyerEmail,
      buyer_first_name: r.buyerFirstName,
      buyer_last_name: r.buyerLastName,
      order_date: r.orderDate.toISOString(),
      review_key_hash: r.reviewKeyHash,
      review_key_expires_at: r.reviewKeyExpiresAt.toISOString(),
      created_at: r.createdAt.toISOString(),
    })),
  );
  const result = await tx.execute(sql`
    INSERT INTO orders (id, company_id, product_id, reference, buyer_email, buyer_first_name,
      buyer_last_name, order_date, review_key_hash, review_key_expires_at, created_at)
    SELECT id, company_id, product_id, reference, buyer_email, buyer_first_name, buyer_last_name,
      order_date, review_key_hash, review_key_expires_at, created_at
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, company_id uuid, product_id uuid,
      reference text, buyer_email text, buyer_first_name text, buyer_last_name text,
      order_date timestamptz, review_key_hash text, review_key_expires_at timestamptz, created_at timestamptz)
    ON CONFLICT (company_id, reference) DO NOTHING
    RETURNING id`);
  return new Set(rowsOf(result).map((row) => String(row.id)));
}

/** Due e-mail jobs of many orders in one statement (same reason); a row already there is kept. */
export async function insertEmailDeliveries(
  tx: DbOrTx,
  rows: (typeof emailDeliveries.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      company_id: r.companyId,
      order_id: r.orderId,
      kind: r.kind,
      status: r.status ?? "scheduled",
      scheduled_at: r.scheduledAt ? r.scheduledAt.toISOString() : null,
    })),
  );
  await tx.execute(sql`
    INSERT INTO email_deliveries (company_id, order_id, kind, status, scheduled_at)
    SELECT company_id, order_id, kind, status, scheduled_at
    FROM jsonb_to_recordset(${json}::jsonb) AS x(company_id uuid, order_id uuid, kind text, status text,
      scheduled_at timestamptz)
    ON CONFLICT DO NOTHING`);
}
