export const VERIFICATION_CODE_LENGTH = 6;

/** Keeps hex characters only, upper-cased, at most 6 (what the code input accepts as the user types). */
export function sanitizeVerificationCode(value: string): string {
  return value
    .replace(/[^0-9a-fA-F]/g, "")
    .toUpperCase()
    .slice(0, VERIFICATION_CODE_LENGTH);
}

/** Submit is possible only with exactly 6 hex characters. */
export function isCompleteCode(value: string): boolean {
  return /^[0-9A-F]{6}$/.test(value);
}
