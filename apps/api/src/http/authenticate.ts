import { normalizeRole } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { verifyAccessToken } from "../auth/access-token";
import type { DbOrTx } from "../db/client";
import { companies, memberships, operators, users } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { detailError, unauthorized } from "./errors";
import type { AuthenticatedUser, CallerMembership } from "./request-context";

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

/** The signed-in user and their membership, or a 401. */
export async function authenticateUser(
  request: FastifyRequest,
): Promise<{ user: AuthenticatedUser; membership: CallerMembership | null }> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(fr.server.http.unauthenticated);
  const { ctx } = request.server;
  const userId = await verifyAccessToken(ctx.keys, token, ctx.now());
  if (!userId) throw unauthorized(fr.server.http.invalidToken);
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailConfirmed: users.emailConfirmed,
      membershipId: memberships.id,
      companyId: memberships.companyId,
      role: memberships.role,
      joinedAt: memberships.joinedAt,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) throw unauthorized(fr.server.http.invalidToken);
  const role = normalizeRole(row.role);
  const membership =
    row.membershipId && row.companyId && role && row.joinedAt
      ? { id: row.membershipId, companyId: row.companyId, role, joinedAt: row.joinedAt }
      : null;
  return {
    user: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      emailConfirmed: row.emailConfirmed,
    },
    membership,
  };
}

/** The company of the `X-Api-Key` header: 401 missing/unknown, 403 expired. */
export async function authenticateApiKey(request: FastifyRequest): Promise<string> {
  const raw = request.headers["x-api-key"];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) throw unauthorized(fr.server.apiKey.missing);
  const { ctx } = request.server;
  const rows = await ctx.db
    .select({ id: companies.id, expiresAt: companies.apiKeyExpiresAt })
    .from(companies)
    .where(eq(companies.apiKeyHash, sha256(key)))
    .limit(1);
  const company = rows[0];
  if (!company) throw unauthorized(fr.server.apiKey.invalid);
  if (!company.expiresAt || company.expiresAt.getTime() <= ctx.now().getTime())
    throw detailError(403, fr.server.apiKey.expired);
  return company.id;
}

/**
 * A Certavis operator whose second factor is enrolled: they could only get a token through it
 * (modules/auth/second-factor.ts). Removed from `operators`, the next request is refused.
 */
export async function isEnrolledOperator(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: operators.userId })
    .from(operators)
    .where(and(eq(operators.userId, userId), isNotNull(operators.totpConfirmedAt)))
    .limit(1);
  return Boolean(row);
}
