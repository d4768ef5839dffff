import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { refreshTokens } from "../db/schema";
import { randomToken, sha256 } from "../lib/crypto";
import { signAccessTokenWith } from "./access-token";

export const REFRESH_TOKEN_TTL_DAYS = 30;

export interface TokenPair {
  access: string;
  refresh: string;
}

/** A new access JWT and a new refresh token (in `familyId`, or a new family for a new sign-in). */
export async function issueTokenPair(
  ctx: AppContext,
  db: DbOrTx,
  userId: string,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const now = ctx.now();
  const refresh = randomToken(32);
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000),
    createdAt: now,
  });
  return { access: await signAccessTokenWith(ctx.keys, userId, now), refresh };
}

/** Revokes every live refresh token of a family (logout, reuse detection). */
export async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh token of a user, except the family `keepFamilyId` when given. */
export async function revokeAllForUser(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
