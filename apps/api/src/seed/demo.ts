import { count } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { createCompany } from "../modules/company/create-company";
import { seedCatalog } from "../modules/seed-catalog";

export const DEMO_ACCOUNT = { email: "demo@exemple.fr", password: "demo-certavis" } as const;
export const DEMO_COMPANY_NAME = "Maison Lumière";

/**
 * Seeds the demo (ARCHITECTURE §2) when the database has no user yet and seeding is on: by default
 * only in embedded mode (PGlite); `SEED_DEMO=1` forces it on PostgreSQL, `SEED_DEMO=0` never.
 * Returns true when it seeded.
 */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const wanted = ctx.config.seedDemo ?? ctx.database.kind === "pglite";
  if (!wanted) return false;
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password, ctx.passwordHashParams);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(users)
      .values({
        email: DEMO_ACCOUNT.email,
        passwordHash,
        firstName: "Camille",
        lastName: "Martin",
        emailConfirmed: true,
      })
      .returning({ id: users.id });
    if (!owner) throw new Error("demo owner not created");
    const { company } = await createCompany(
      tx,
      { name: DEMO_COMPANY_NAME, website: "https://maison-lumiere.example", ownerId: owner.id },
      ctx.apiKeyCipher,
      now,
    );
    await seedCatalog(
      tx,
      { id: company.id, ownerId: owner.id },
      { now, reviewKeySecret: ctx.keys.currentKey("review-key") },
    );
  });
  return true;
}
