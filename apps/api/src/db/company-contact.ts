import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { companies, memberships, users } from "./schema";

/**
 * Where buyers write to each company (the Reply-To of its e-mails, the form's 'Nous contacter'): its
 * `contact_email`, else its owner's address.
 */
export async function companyContactEmails(db: DbOrTx, companyIds: string[]): Promise<Map<string, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: companies.id, contact: companies.contactEmail, owner: users.email })
    .from(companies)
    .leftJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.role, "owner")))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(inArray(companies.id, companyIds));
  const contacts = new Map<string, string>();
  for (const row of rows) {
    const email = row.contact ?? row.owner;
    if (email && !contacts.has(row.companyId)) contacts.set(row.companyId, email);
  }
  return contacts;
}

/** The contact address of one company (see `companyContactEmails`), or null when it has none. */
export async function companyContactEmail(db: DbOrTx, companyId: string): Promise<string | null> {
  return (await companyContactEmails(db, [companyId])).get(companyId) ?? null;
}
