import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { invoiceCounter, invoices } from "../../db/schema";

type NewInvoice = Omit<typeof invoices.$inferInsert, "id" | "number" | "createdAt">;

/**
 * Issues the invoice of one payment (`providerRef`) once, with the next number of one unbroken
 * sequence (CGI art. 242 nonies A): the counter row's lock makes "is it new?" and "take the next
 * number" one step, so a repeated delivery takes no number, and a transaction that rolls back gives
 * its number back. The issue date is read under that lock: numbers follow issue dates. True when
 * issued, false when the payment already had its invoice.
 */
export async function issueInvoice(tx: Tx, invoice: NewInvoice): Promise<boolean> {
  const [counter] = await tx
    .select({ last: invoiceCounter.lastNumber })
    .from(invoiceCounter)
    .where(eq(invoiceCounter.id, 1))
    .for("update");
  if (!counter) throw new Error("invoice_counter has no row (migration 0031 creates it)");
  const [known] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.providerRef, invoice.providerRef))
    .limit(1);
  if (known) return false;
  const number = counter.last + 1;
  await tx.insert(invoices).values({ ...invoice, number, createdAt: sql`clock_timestamp()` });
  await tx.update(invoiceCounter).set({ lastNumber: number }).where(eq(invoiceCounter.id, 1));
  return true;
}
