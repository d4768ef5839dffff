import { count, eq } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import type { AppConfig } from "../config";
import type { AppContext } from "../context";
import { companies, users } from "../db/schema";
import { createCompany } from "../modules/company/create-company";
import { seedCatalog } from "../modules/seed-catalog";

export const DEMO_ACCOUNT = { email: "demo@exemple.fr", password: "demo-certavis" } as const;
export const DEMO_COMPANY_NAME = "Maison Lumière";

/**
 * Whether this start may seed the demo: by default only in embedded mode (PGlite) outside
 * production; `SEED_DEMO=1` forces it (on PostgreSQL, or in production), `SEED_DEMO=0` never. A
 * production server never opens a known account and password by itself.
 */
export function demoSeedWanted(config: Pick<AppConfig, "nodeEnv" | "seedDemo">, kind: string): boolean {
  if (config.nodeEnv === "production") return config.seedDemo === true;
  return config.seedDemo ?? kind === "pglite";
}

/** Whether the demo account exists (its credentials are then worth printing). */
export async function hasDemoAccount(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNT.email))
    .limit(1);
  return row !== undefined;
}

/**
 * Seeds the demo (ARCHITECTURE §2) when the database has no user yet and `demoSeedWanted`.
 * Returns true when it seeded.
 */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  if (!demoSeedWanted(ctx.config, ctx.database.kind)) return false;
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
    // The demo is a shop already under way: no guided start.
    await tx.update(companies).set({ getStartedHiddenAt: now }).where(eq(companies.id, company.id));
  });
  return true;
}
