import { defineHandlers } from "../../http/operation-types";
import { confirmEmailChange } from "./email-change";
import { resendEmailCode, verifyEmail } from "./email-verification";
import { login } from "./login";
import { confirmPasswordReset, requestPasswordReset } from "./password-reset";
import { revokeRefreshToken, rotateRefreshToken } from "./refresh";
import { registerAccount } from "./register";
import { completeSecondFactor } from "./second-factor";

/** Sign-in, registration, tokens, e-mail verification, password reset. */
export const authHandlers = defineHandlers({
  authLogin: async (request) => login(request, request.body),
  authLoginSecondFactor: async (request) => completeSecondFactor(request, request.body),
  authRegister: async (request, reply) => {
    const tokens = await registerAccount(request, request.body);
    reply.code(201);
    return tokens;
  },
  authRefresh: async (request) => rotateRefreshToken(request, request.body.refresh),
  authLogout: async (request, reply) => {
    await revokeRefreshToken(request, request.body.refresh);
    return reply.code(204).send();
  },
  authVerifyEmail: async (request, reply) => {
    await verifyEmail(request, request.body.code);
    return reply.code(204).send();
  },
  authResendEmailCode: async (request, reply) => {
    await resendEmailCode(request);
    return reply.code(204).send();
  },
  authResetPassword: async (request, reply) => {
    await requestPasswordReset(request, request.body.email);
    return reply.code(204).send();
  },
  authResetPasswordConfirm: async (request, reply) => {
    await confirmPasswordReset(request, request.body);
    return reply.code(204).send();
  },
  authChangeEmailConfirm: async (request, reply) => {
    await confirmEmailChange(request, request.body.token);
    return reply.code(204).send();
  },
});
