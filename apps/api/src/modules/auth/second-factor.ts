import { fr } from "@certavis/i18n-fr/server";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import { otpauthQrSvg } from "../../auth/otpauth-qr";
import { issueTokenPair, type TokenPair } from "../../auth/refresh-tokens";
import { matchTotp, newTotpSecret, otpauthUri } from "../../auth/totp";
import type { AppContext } from "../../context";
import { authThrottles, operators } from "../../db/schema";
import { fieldErrors, tooManyRequests } from "../../http/errors";
import type { BodyOf, SchemaOf } from "../../http/operation-types";
import {
  SECOND_FACTOR_CHALLENGE_TTL_SECONDS,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_WINDOW_MS,
} from "./limits";
import { clearThrottle, hitThrottle, throttleKeys } from "./throttle";

type Challenge = SchemaOf<"SecondFactorChallenge">;

const ISSUER = "certavis";
const AUDIENCE = "certavis-second-factor";

/**
 * An operator whose password was right gets a challenge instead of tokens (ARCHITECTURE §10.19: a
 * second factor is required for them). On the first sign-in, or until a first code confirms it, the
 * answer also carries the secret to enrol (the same one until confirmed: a reload does not invalidate
 * the app where it was already scanned). Null for anyone else.
 */
export async function secondFactorChallenge(
  ctx: AppContext,
  user: { id: string; email: string },
): Promise<Challenge | null> {
  const [operator] = await ctx.db.select().from(operators).where(eq(operators.userId, user.id)).limit(1);
  if (!operator) return null;
  let enrolment: Challenge["enrolment"] = null;
  if (!operator.totpConfirmedAt) {
    let secret = operator.totpSecretSealed ? ctx.keys.totpCipher.decrypt(operator.totpSecretSealed) : null;
    if (!secret) {
      secret = newTotpSecret();
      await ctx.db
        .update(operators)
        .set({ totpSecretSealed: ctx.keys.totpCipher.encrypt(secret), totpLastStep: null })
        .where(eq(operators.userId, user.id));
    }
    const uri = otpauthUri(secret, user.email);
    enrolment = { secret, otpauth_uri: uri, qr_code_svg: await otpauthQrSvg(uri) };
  }
  const iat = Math.floor(ctx.now().getTime() / 1000);
  const challenge = await new SignJWT({ typ: "second-factor" })
    .setProtectedHeader({ alg: "HS256", kid: ctx.keys.current.kid })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SECOND_FACTOR_CHALLENGE_TTL_SECONDS)
    .sign(ctx.keys.currentKey("second-factor-challenge"));
  return { second_factor: "totp", challenge, enrolment };
}

async function challengeUser(ctx: AppContext, challenge: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(
      challenge,
      (header) => {
        const key = ctx.keys.key("second-factor-challenge", header.kid ?? ctx.keys.current.kid);
        if (!key) throw new Error("unknown key id");
        return key;
      },
      { algorithms: ["HS256"], issuer: ISSUER, audience: AUDIENCE, currentDate: ctx.now() },
    );
    return payload.typ === "second-factor" && typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * The challenge and a 6-digit code give the token pair. Wrong codes are counted per operator (429
 * past SECOND_FACTOR_MAX_FAILURES); a code is used once (the step is recorded under a condition, so
 * two requests with the same code cannot both pass); the first good code confirms the enrolment.
 */
export async function completeSecondFactor(
  request: FastifyRequest,
  body: BodyOf<"authLoginSecondFactor">,
): Promise<TokenPair> {
  const { ctx } = request.server;
  const t = fr.server.operators;
  const userId = await challengeUser(ctx, body.challenge);
  if (!userId) throw fieldErrors({ non_field_errors: [t.invalidChallenge] });
  const now = ctx.now();
  const [operator] = await ctx.db.select().from(operators).where(eq(operators.userId, userId)).limit(1);
  const secret = operator?.totpSecretSealed ? ctx.keys.totpCipher.decrypt(operator.totpSecretSealed) : null;
  if (!operator || !secret) throw fieldErrors({ non_field_errors: [t.invalidChallenge] });

  const [counted] = await ctx.db
    .select({ count: authThrottles.count, windowStart: authThrottles.windowStart })
    .from(authThrottles)
    .where(eq(authThrottles.key, throttleKeys.totp(userId)))
    .limit(1);
  const windowLeftMs = counted ? counted.windowStart.getTime() + SECOND_FACTOR_WINDOW_MS - now.getTime() : 0;
  if (counted && windowLeftMs > 0 && counted.count >= SECOND_FACTOR_MAX_FAILURES) throw tooMany(windowLeftMs);

  const step = matchTotp(secret, body.code, now, operator.totpLastStep);
  const used =
    step === null
      ? []
      : await ctx.db
          .update(operators)
          .set({ totpLastStep: step, totpConfirmedAt: operator.totpConfirmedAt ?? now })
          .where(
            and(
              eq(operators.userId, userId),
              or(isNull(operators.totpLastStep), sql`${operators.totpLastStep} < ${step}`),
            ),
          )
          .returning({ userId: operators.userId });
  if (used.length === 0) {
    const hit = await hitThrottle(ctx.db, throttleKeys.totp(userId), SECOND_FACTOR_WINDOW_MS, now);
    if (hit.count >= SECOND_FACTOR_MAX_FAILURES) throw tooMany(hit.retryAfterMs);
    throw fieldErrors({ code: [t.invalidCode] });
  }
  await clearThrottle(ctx.db, throttleKeys.totp(userId));
  return issueTokenPair(ctx, ctx.db, userId);
}

function tooMany(retryAfterMs: number): Error {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return tooManyRequests(fr.server.operators.tooManyCodes(minutes), retryAfterMs / 1000);
}
