import { z } from "zod/mini";
import type { DomainMessageCode } from "../messages";

export const PASSWORD_MIN_LENGTH = 8;

/** The problems of the password forms (texts and toast titles: @certavis/i18n-fr). */
export type PasswordProblem = Extract<DomainMessageCode, `password.${string}`>;

const PASSWORD_PROBLEMS: readonly PasswordProblem[] = [
  "password.currentRequired",
  "password.tooShort",
  "password.confirmationMismatch",
  "password.tokenMissing",
];

/** Each zod issue carries its problem's code as its message. */
const newPassword = z.string().check(z.minLength(PASSWORD_MIN_LENGTH, "password.tooShort"));

function confirmationMatches<T extends { password: string; confirmation: string }>(schema: z.ZodMiniType<T>) {
  return schema.check(
    z.refine((value) => value.password === value.confirmation, {
      message: "password.confirmationMismatch",
      path: ["confirmation"],
    }),
  );
}

/** The password-change form of the user settings (PATCH /users/me/ sends current_password + password). */
export const passwordChangeSchema = confirmationMatches(
  z.object({
    current_password: z.string().check(z.minLength(1, "password.currentRequired")),
    password: newPassword,
    confirmation: z.string(),
  }),
);

/** The reset form: same rules plus the token from the link. */
export const passwordResetSchema = confirmationMatches(
  z.object({
    token: z.string().check(z.trim(), z.minLength(1, "password.tokenMissing")),
    password: newPassword,
    confirmation: z.string(),
  }),
);

export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export interface PasswordFormError {
  field: string;
  /** `invalid` for a value of the wrong type (not something the forms can send). */
  problem: PasswordProblem | "invalid";
}

function firstError(result: {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}): PasswordFormError | null {
  const issue = result.success ? undefined : result.error?.issues[0];
  if (!issue) return null;
  const problem = PASSWORD_PROBLEMS.find((code) => code === issue.message) ?? "invalid";
  return { field: String(issue.path[0] ?? ""), problem };
}

/**
 * First problem of a password change, in field order: current password, new password, confirmation.
 * Null when valid.
 */
export function validatePasswordChange(input: {
  current_password: string;
  password: string;
  confirmation: string;
}): PasswordFormError | null {
  return firstError(passwordChangeSchema.safeParse(input));
}

/** First problem of a password reset (token, new password, confirmation); null when valid. */
export function validatePasswordReset(input: {
  token: string | null | undefined;
  password: string;
  confirmation: string;
}): PasswordFormError | null {
  return firstError(passwordResetSchema.safeParse({ ...input, token: input.token ?? "" }));
}
