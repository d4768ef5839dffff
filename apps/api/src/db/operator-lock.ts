import { eq } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { operators, users } from "./schema";

/**
 * Whether the user is a Certavis operator, with the user's row locked for the rest of the transaction.
 * `operator add` takes the same lock before it checks the memberships: an account joining a company
 * and the same account made an operator are serialized, so it never ends up both (ARCHITECTURE §10.19).
 */
export async function lockedIsOperator(tx: DbOrTx, userId: string): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [operator] = await tx
    .select({ userId: operators.userId })
    .from(operators)
    .where(eq(operators.userId, userId))
    .limit(1);
  return operator !== undefined;
}
