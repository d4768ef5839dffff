import { normalizeEmail } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { FastifyRequest } from "fastify";
import { issueTokenPair, type TokenPair } from "../../auth/refresh-tokens";
import { fieldErrors } from "../../http/errors";
import type { BodyOf, SchemaOf } from "../../http/operation-types";
import { checkCredentials } from "./credentials";
import { countPasswordAttempt, forgetPasswordAttempts } from "./password-attempts";
import { secondFactorChallenge } from "./second-factor";

/**
 * Signs in. Every attempt is counted per e-mail address and client address before the password is
 * checked (so parallel guesses are counted too) and a success clears the count; past
 * LOGIN_MAX_FAILURES in the window that client answers 429 for the address whatever the password,
 * and attempts from everywhere slow down (password-attempts.ts). Unknown and known addresses answer alike.
 * An operator gets a second-factor challenge instead of the tokens.
 */
export async function login(
  request: FastifyRequest,
  body: BodyOf<"authLogin">,
): Promise<TokenPair | SchemaOf<"SecondFactorChallenge">> {
  const { ctx } = request.server;
  const email = normalizeEmail(body.email);
  await countPasswordAttempt(ctx, email, request.ip);
  const user = await checkCredentials(ctx, email, body.password);
  if (!user) throw fieldErrors({ non_field_errors: [fr.server.identity.invalidCredentials] });
  await forgetPasswordAttempts(ctx.db, email, request.ip);
  // A Certavis operator gives a second factor before any token (second-factor.ts).
  const challenge = await secondFactorChallenge(ctx, user);
  if (challenge) return challenge;
  return issueTokenPair(ctx, ctx.db, user.id);
}
