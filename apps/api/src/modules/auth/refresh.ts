import { fr } from "@certavis/i18n-fr";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { issueTokenPair, revokeFamily, type TokenPair } from "../../auth/refresh-tokens";
import { refreshTokens } from "../../db/schema";
import { unauthorized } from "../../http/errors";
import { sha256 } from "../../lib/crypto";

async function findRefreshToken(request: FastifyRequest, token: string) {
  const [row] = await request.server.ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  return row ?? null;
}

/**
 * Rotation: the presented token is marked used and a new pair of the same family is issued. A token
 * presented a second time (stolen copy or replay) revokes its whole family: both the thief and the
 * user must sign in again.
 */
export async function rotateRefreshToken(request: FastifyRequest, token: string): Promise<TokenPair> {
  const { ctx } = request.server;
  const now = ctx.now();
  const row = await findRefreshToken(request, token);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime())
    throw unauthorized(fr.server.http.invalidToken);
  const rotated = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return claimed ? issueTokenPair(ctx, tx, row.userId, row.familyId) : null;
  });
  if (rotated) return rotated;
  await revokeFamily(ctx.db, row.familyId, now);
  request.log.warn({ userId: row.userId, familyId: row.familyId }, "refresh token reused: family revoked");
  throw unauthorized(fr.server.http.invalidToken);
}

/** Logout: revokes the token's family; unknown tokens are ignored (idempotent). */
export async function revokeRefreshToken(request: FastifyRequest, token: string): Promise<void> {
  const row = await findRefreshToken(request, token);
  if (row) await revokeFamily(request.server.ctx.db, row.familyId, request.server.ctx.now());
}
