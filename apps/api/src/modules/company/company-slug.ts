import { numberedSlug, slugFromName } from "@certavis/domain";
import { eq, like, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies } from "../../db/schema";

/**
 * A free slug made from the name: the name's own, else the first free numbered one ('boutique-2').
 * The unique index still decides when two creations race.
 */
export async function freeSlugFor(db: DbOrTx, name: string): Promise<string> {
  const base = slugFromName(name);
  const stem = numberedSlug(base, 2).replace(/-2$/, "");
  const rows = await db
    .select({ slug: companies.slug })
    .from(companies)
    .where(or(eq(companies.slug, base), like(companies.slug, `${stem}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const slug = numberedSlug(base, n);
    if (!taken.has(slug)) return slug;
  }
}
