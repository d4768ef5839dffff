import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { oneTimeTokens } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";

export type OneTimeTokenKind = "password_reset" | "email_change";

/**
 * A new link token (256 bits, only its SHA-256 stored); the user's older unused tokens of the same
 * kind stop working, so only the last mailed link is valid.
 */
export async function createOneTimeToken(
  db: DbOrTx,
  input: { userId: string; kind: OneTimeTokenKind; ttlMs: number; payload?: Record<string, unknown> },
  now: Date,
): Promise<string> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, input.userId),
        eq(oneTimeTokens.kind, input.kind),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const token = randomToken(32);
  await db.insert(oneTimeTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: sha256(token),
    payload: input.payload ?? {},
    expiresAt: new Date(now.getTime() + input.ttlMs),
    createdAt: now,
  });
  return token;
}

/**
 * Marks the token used and returns it, when it is of `kind`, unused and unexpired; null otherwise.
 * Atomic: of two concurrent uses only one gets the row.
 */
export async function consumeOneTimeToken(db: DbOrTx, kind: OneTimeTokenKind, token: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** The live token of `kind` of a user, without consuming it (e.g. the pending e-mail change). */
export async function liveOneTimeToken(db: DbOrTx, userId: string, kind: OneTimeTokenKind, now: Date) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row ?? null;
}
