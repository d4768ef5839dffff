import { z } from "zod";

export const INVITE_EMAIL_MESSAGES = {
  invalid: { title: "Email invalide", description: "Veuillez saisir un email valide" },
  duplicate: { title: "Email invalide", description: "Cet email est déjà dans la liste des invitations." },
} as const;

/** The spec's "basic pattern": something@something.something, no spaces. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBasicEmail(value: string): boolean {
  return BASIC_EMAIL_PATTERN.test(value.trim());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** E-mail of one invitation (team settings and registration). */
export const inviteEmailSchema = z
  .string()
  .trim()
  .regex(BASIC_EMAIL_PATTERN, INVITE_EMAIL_MESSAGES.invalid.description);

/** Whether `email` already appears (case-insensitively) among `others`. */
export function isDuplicateEmail(email: string, others: readonly string[]): boolean {
  const wanted = normalizeEmail(email);
  return others.some((other) => normalizeEmail(other) === wanted);
}

export type InviteEmailProblem = keyof typeof INVITE_EMAIL_MESSAGES;

/**
 * Checks one invite e-mail: the basic pattern, then (on registration) that no OTHER invite of the list
 * has the same address. Pass the other invites' e-mails, not including this one.
 */
export function validateInviteEmail(
  email: string,
  otherEmails: readonly string[] = [],
): InviteEmailProblem | null {
  if (!isBasicEmail(email)) return "invalid";
  if (isDuplicateEmail(email, otherEmails)) return "duplicate";
  return null;
}

/**
 * Validates every registration invite: returns, by index, the problem of each invalid row. The first
 * occurrence of an address is fine; later ones are duplicates.
 */
export function validateInviteList(emails: readonly string[]): Map<number, InviteEmailProblem> {
  const problems = new Map<number, InviteEmailProblem>();
  emails.forEach((email, index) => {
    const problem = validateInviteEmail(email, emails.slice(0, index));
    if (problem) problems.set(index, problem);
  });
  return problems;
}
