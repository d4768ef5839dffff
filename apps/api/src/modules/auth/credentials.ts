import { normalizeEmail } from "@certavis/domain";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { PasswordHashParams } from "../../config";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";

const dummyHashes = new WeakMap<PasswordHashParams, Promise<string>>();

/** A hash of nothing, verified when the account does not exist so both answers take as long. */
function dummyHash(params: PasswordHashParams): Promise<string> {
  let hash = dummyHashes.get(params);
  if (!hash) {
    hash = hashPassword("certavis-no-such-account", params);
    dummyHashes.set(params, hash);
  }
  return hash;
}

export async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}

/** The user when `password` is theirs; null otherwise, in about the same time whether or not the account exists. */
export async function checkCredentials(ctx: AppContext, email: string, password: string) {
  const user = await findUserByEmail(ctx, email);
  const hash = user?.passwordHash ?? (await dummyHash(ctx.passwordHashParams));
  const valid = await verifyPassword(hash, password);
  return user && valid ? user : null;
}
