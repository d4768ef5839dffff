// Tiny stand-ins until @certavis/domain exports its validators (packages/domain/src/validation is not
// in the package's index yet): same rules and messages, to be replaced by the domain functions.
import { fr } from "@certavis/i18n-fr";

export const CODE_LENGTH = 6;

/** Hex only, upper-cased, at most 6 (spec §5). */
export const sanitizeCode = (raw: string) =>
  raw
    .replace(/[^0-9a-f]/gi, "")
    .toUpperCase()
    .slice(0, CODE_LENGTH);

/** New password at least 8 characters, confirmation equal (spec §5). */
export function newPasswordErrors(password: string, confirmation: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (password.length < 8) errors.password = fr.validation.passwordTooShort;
  if (confirmation !== password) errors.confirmation = fr.validation.confirmation;
  return errors;
}
