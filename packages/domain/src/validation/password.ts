import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;

/** A toast-ready message: title plus description (spec §5). */
export interface TitledMessage {
  readonly title: string;
  readonly description: string;
}

export const PASSWORD_MESSAGES = {
  currentRequired: { title: "Mot de passe requis", description: "Indiquez votre mot de passe actuel." },
  tooShort: { title: "Mot de passe trop court", description: "Utilisez au moins 8 caractères." },
  confirmationMismatch: {
    title: "Confirmation invalide",
    description: "Les mots de passe ne correspondent pas.",
  },
  tokenMissing: {
    title: "Lien invalide",
    description: "Le lien de réinitialisation est invalide ou incomplet.",
  },
} as const satisfies Record<string, TitledMessage>;

/** Each zod issue carries the description as its message; map it back with `passwordMessageFor`. */
const newPassword = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort.description);

function confirmationMatches<T extends { password: string; confirmation: string }>(schema: z.ZodType<T>) {
  return schema.refine((value) => value.password === value.confirmation, {
    message: PASSWORD_MESSAGES.confirmationMismatch.description,
    path: ["confirmation"],
  });
}

/** The password-change form of the user settings (PATCH /users/me/ sends current_password + password). */
export const passwordChangeSchema = confirmationMatches(
  z.object({
    current_password: z.string().min(1, PASSWORD_MESSAGES.currentRequired.description),
    password: newPassword,
    confirmation: z.string(),
  }),
);

/** The reset form: same rules plus the token from the link. */
export const passwordResetSchema = confirmationMatches(
  z.object({
    token: z.string().trim().min(1, PASSWORD_MESSAGES.tokenMissing.description),
    password: newPassword,
    confirmation: z.string(),
  }),
);

/** Server-side body of a new password (register, reset confirm, change). */
export const newPasswordSchema = newPassword;

export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export interface PasswordFormError extends TitledMessage {
  field: string;
}

const ORDERED: readonly TitledMessage[] = Object.values(PASSWORD_MESSAGES);

/** The titled message whose description is `message`, if any. */
export function passwordMessageFor(message: string): TitledMessage | undefined {
  return ORDERED.find((m) => m.description === message);
}

function firstError(result: { success: boolean; error?: z.ZodError }): PasswordFormError | null {
  const issue = result.success ? undefined : result.error?.issues[0];
  if (!issue) return null;
  const known = passwordMessageFor(issue.message);
  return {
    field: String(issue.path[0] ?? ""),
    title: known?.title ?? "Erreur",
    description: known?.description ?? issue.message,
  };
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
