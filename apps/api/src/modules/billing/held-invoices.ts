import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type companies, heldInvoices } from "../../db/schema";
import { issueInvoice } from "./invoice-numbers";

type CompanyRow = typeof companies.$inferSelect;
export type HeldInvoice = Omit<typeof heldInvoices.$inferInsert, "id" | "companyId" | "createdAt">;

/**
 * A payment of a company without billing address (one that paid before the address was asked): its
 * invoice is not issued without the address (a French B2B invoice carries the buyer's address), it
 * waits here, once per payment, and the back-office asks for the address.
 */
export async function holdInvoice(tx: Tx, companyId: string, invoice: HeldInvoice): Promise<void> {
  await tx
    .insert(heldInvoices)
    .values({ ...invoice, companyId })
    .onConflictDoNothing({ target: heldInvoices.providerRef });
}

/**
 * Issues the company's held invoices, oldest payment first, with the buyer as now known (called in
 * the transaction that gave the address, after its update of the company's row: a payment recorded
 * meanwhile waits for that lock and then finds the address). Answers the number issued.
 */
export async function issueHeldInvoices(tx: Tx, company: CompanyRow): Promise<number> {
  if (!company.billingAddress) return 0;
  const held = await tx
    .select()
    .from(heldInvoices)
    .where(eq(heldInvoices.companyId, company.id))
    .orderBy(asc(heldInvoices.createdAt), asc(heldInvoices.providerRef))
    .for("update");
  for (const invoice of held) {
    await issueInvoice(tx, {
      companyId: company.id,
      subscriptionType: invoice.subscriptionType,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      invoiceUrl: invoice.invoiceUrl,
      providerRef: invoice.providerRef,
      buyerName: company.name,
      buyerAddress: company.billingAddress,
      buyerSiren: company.billingSiren,
      buyerVatNumber: company.billingVatNumber,
      paidAt: invoice.paidAt,
      paymentMethod: invoice.paymentMethod,
      creditCents: invoice.creditCents,
    });
    await tx
      .delete(heldInvoices)
      .where(and(eq(heldInvoices.id, invoice.id), eq(heldInvoices.companyId, company.id)));
  }
  return held.length;
}
