import { type GetStartedState, type GetStartedStep, getStartedState } from "@certavis/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import {
  companies,
  emailTemplates,
  integrations,
  orderImports,
  orders,
  products,
  reviews,
} from "../../db/schema";
import { DEFAULT_TEMPLATES } from "../company/defaults";

const defaultRequest = DEFAULT_TEMPLATES.find((t) => t.type === "request");

/** `exists (select 1 from … where …)` as a boolean column. */
const exists = (table: PgTable, where: SQL) => sql<boolean>`exists (select 1 from ${table} where ${where})`;

/**
 * The guided start of a company, each step from its data: a product; a connection of its shop, an
 * order (API key, integration) or a CSV import; a request e-mail of its own (a template it made, or the default one rewritten);
 * the widget shown on another site; a review. One statement, each test an indexed `exists`.
 */
export async function loadGetStarted(db: DbOrTx, companyId: string): Promise<GetStartedState | null> {
  const own = (column: unknown) => sql`${column} = ${companyId}`;
  const [row] = await db
    .select({
      hiddenAt: companies.getStartedHiddenAt,
      widgetShownAt: companies.widgetShownAt,
      product: exists(products, own(products.companyId)),
      order: exists(orders, own(orders.companyId)),
      csvImport: exists(orderImports, own(orderImports.companyId)),
      integration: exists(integrations, own(integrations.companyId)),
      // The default request template counts once its subject or body differs from the one it was given.
      emailTemplate: exists(
        emailTemplates,
        sql`${own(emailTemplates.companyId)} and ${emailTemplates.type} = 'request' and (not ${emailTemplates.isDefault} or ${emailTemplates.subject} <> ${defaultRequest?.subject ?? ""} or ${emailTemplates.body} <> ${defaultRequest?.body ?? ""})`,
      ),
      review: exists(reviews, own(reviews.companyId)),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) return null;
  const done = new Set<GetStartedStep>();
  if (row.product) done.add("product");
  if (row.order || row.csvImport || row.integration) done.add("shop");
  if (row.emailTemplate) done.add("email_template");
  if (row.widgetShownAt) done.add("widget");
  if (row.review) done.add("first_review");
  return getStartedState(done, row.hiddenAt !== null);
}

/** Hides the guided start for good (the first hiding time is kept). */
export async function hideGetStarted(db: DbOrTx, companyId: string, now: Date): Promise<void> {
  await db
    .update(companies)
    .set({ getStartedHiddenAt: now })
    .where(and(eq(companies.id, companyId), sql`${companies.getStartedHiddenAt} is null`));
}
