import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { companyRef } from "./companies";

/**
 * Addresses a company never e-mails again (ARCHITECTURE §10.16): the buyer unsubscribed, the
 * address bounced, or the buyer was erased (then only the hash is kept). Found by `email_hash`, the
 * SHA-256 of the lower-cased address.
 */
export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    id: id(),
    companyId: companyRef(),
    /** Null once the buyer is erased. */
    email: text("email"),
    /** `v2.<kid>.<HMAC>` under the ring's `email-hash` key (`privacy/suppressions.ts`). */
    emailHash: text("email_hash").notNull(),
    /** unsubscribe | bounce | erasure */
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_suppressions_company_hash_unique").on(t.companyId, t.emailHash),
    index("email_suppressions_company_created_idx").on(t.companyId, t.createdAt),
    index("email_suppressions_bare_hash_idx").on(t.id).where(sql`${t.emailHash} NOT LIKE 'v2.%'`),
  ],
);
