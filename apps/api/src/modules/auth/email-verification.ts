import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../../db/schema";
import { detailError, fieldErrors, tooManyRequests, unauthorized } from "../../http/errors";
import type { AuthenticatedUser } from "../../http/request-context";
import { deliverMail } from "./deliver";
import { checkEmailCode, issueEmailCode } from "./email-code";
import { verificationCodeMail } from "./identity-mails";
import { EMAIL_CODE_RESEND_INTERVAL_MS } from "./limits";
import { hitThrottle, throttleKeys } from "./throttle";

function caller(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Confirms the caller's e-mail with the code (a no-op when already confirmed). */
export async function verifyEmail(request: FastifyRequest, typed: string): Promise<void> {
  const user = caller(request);
  if (user.emailConfirmed) return;
  const { ctx } = request.server;
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const check = await checkEmailCode(tx, user.id, typed, now);
    if (check === "ok") {
      await tx.update(users).set({ emailConfirmed: true, updatedAt: now }).where(eq(users.id, user.id));
    }
    return check;
  });
  if (result === "exhausted") throw fieldErrors({ code: [fr.server.identity.tooManyCodeAttempts] });
  if (result === "invalid") throw fieldErrors({ code: [fr.server.identity.invalidCode] });
}

/** A new code by e-mail, at most one per minute (counting the one sent at registration). */
export async function resendEmailCode(request: FastifyRequest): Promise<void> {
  const user = caller(request);
  if (user.emailConfirmed) throw detailError(400, fr.server.identity.alreadyConfirmed);
  const { ctx } = request.server;
  const now = ctx.now();
  const outcome = await ctx.db.transaction(
    async (tx): Promise<{ code: string } | { retryAfterMs: number }> => {
      const key = throttleKeys.emailCode(user.id);
      const sent = await hitThrottle(tx, key, EMAIL_CODE_RESEND_INTERVAL_MS, now);
      if (sent.count > 1) return { retryAfterMs: sent.retryAfterMs };
      return { code: await issueEmailCode(tx, user.id, now) };
    },
  );
  if ("retryAfterMs" in outcome) {
    throw tooManyRequests(fr.server.identity.resendTooSoon, outcome.retryAfterMs / 1000);
  }
  await deliverMail(
    request,
    await verificationCodeMail({
      to: user.email,
      firstName: user.firstName,
      code: outcome.code,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}
