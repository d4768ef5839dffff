import { z } from "zod/mini";

/** The spec's "basic pattern": something@something.something, no spaces. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBasicEmail(value: string): boolean {
  return BASIC_EMAIL_PATTERN.test(value.trim());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** E-mail of one invitation (team settings and registration). */
export const inviteEmailSchema = z.string().check(z.trim(), z.regex(BASIC_EMAIL_PATTERN, "invite.invalid"));

/** Whether `email` already appears (case-insensitively) among `others`. */
export function isDuplicateEmail(email: string, others: readonly string[]): boolean {
  const wanted = normalizeEmail(email);
  return others.some((other) => normalizeEmail(other) === wanted);
}

/** A message code (texts: @certavis/i18n-fr). */
export type InviteEmailProblem = "invite.invalid" | "invite.duplicate";

/**
 * Checks one invite e-mail: the basic pattern, then (on registration) that no OTHER invite of the list
 * has the same address. Pass the other invites' e-mails, not including this one.
 */
export function validateInviteEmail(
  email: string,
  otherEmails: readonly string[] = [],
): InviteEmailProblem | null {
  if (!isBasicEmail(email)) return "invite.invalid";
  if (isDuplicateEmail(email, otherEmails)) return "invite.duplicate";
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
