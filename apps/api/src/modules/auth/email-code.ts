import { randomBytes } from "node:crypto";
import { sanitizeVerificationCode } from "@certavis/domain";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailCodes } from "../../db/schema";
import { safeEqual, sha256 } from "../../lib/crypto";
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MS } from "./limits";

/** Salted with the user id, so equal codes of two users never share a hash. */
const codeHash = (userId: string, code: string) => sha256(`email-code:${userId}:${code}`);

/** A new 6-hex-character code (CSPRNG, upper-case); every older code of the user stops working. */
export async function issueEmailCode(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const code = randomBytes(3).toString("hex").toUpperCase();
  await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.consumedAt)));
  await db.insert(emailCodes).values({
    userId,
    codeHash: codeHash(userId, code),
    expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

export type CodeCheck = "ok" | "invalid" | "exhausted";

/**
 * Checks `typed` against the user's live code. Each guess is counted before the comparison (atomic),
 * so concurrent guesses cannot exceed EMAIL_CODE_MAX_ATTEMPTS; a right code is consumed.
 */
export async function checkEmailCode(
  db: DbOrTx,
  userId: string,
  typed: string,
  now: Date,
): Promise<CodeCheck> {
  const [live] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!live || live.expiresAt.getTime() <= now.getTime()) return "invalid";
  const [counted] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.id, live.id),
        isNull(emailCodes.consumedAt),
        lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: emailCodes.attempts });
  if (!counted) return "exhausted";
  const code = sanitizeVerificationCode(typed);
  if (code.length !== typed.trim().length || !safeEqual(codeHash(userId, code), live.codeHash)) {
    return counted.attempts >= EMAIL_CODE_MAX_ATTEMPTS ? "exhausted" : "invalid";
  }
  const [consumed] = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, live.id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return consumed ? "ok" : "invalid";
}
