import { normalizeEmail } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { FastifyRequest } from "fastify";
import { hashPassword } from "../../auth/password";
import { issueTokenPair, type TokenPair } from "../../auth/refresh-tokens";
import { users } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { type FieldErrors, fieldErrors } from "../../http/errors";
import type { BodyOf } from "../../http/operation-types";
import { findUserByEmail } from "./credentials";
import { deliverMail } from "./deliver";
import { issueEmailCode } from "./email-code";
import { verificationCodeMail } from "./identity-mails";
import { EMAIL_CODE_RESEND_INTERVAL_MS } from "./limits";
import { hitThrottle, throttleKeys } from "./throttle";

/** Creates the account (e-mail not confirmed), mails the 6-character code and signs in. */
export async function registerAccount(
  request: FastifyRequest,
  body: BodyOf<"authRegister">,
): Promise<TokenPair> {
  const { ctx } = request.server;
  const email = normalizeEmail(body.email);
  const firstName = body.first_name.trim();
  const lastName = body.last_name.trim();
  const errors: FieldErrors = {};
  if (!firstName) errors.first_name = [fr.server.http.blank];
  if (!lastName) errors.last_name = [fr.server.http.blank];
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  if (await findUserByEmail(ctx, email)) throw fieldErrors({ email: [fr.server.identity.emailTaken] });

  const passwordHash = await hashPassword(body.password, ctx.passwordHashParams);
  const now = ctx.now();
  let created: { userId: string; code: string; tokens: TokenPair };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, firstName, lastName, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      if (!user) throw new Error("user not created");
      const code = await issueEmailCode(tx, user.id, now);
      await hitThrottle(tx, throttleKeys.emailCode(user.id), EMAIL_CODE_RESEND_INTERVAL_MS, now);
      return { userId: user.id, code, tokens: await issueTokenPair(ctx, tx, user.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ email: [fr.server.identity.emailTaken] });
    throw error;
  }
  await deliverMail(
    request,
    await verificationCodeMail({ to: email, firstName, code: created.code, publicUrl: ctx.config.publicUrl }),
  );
  return created.tokens;
}
