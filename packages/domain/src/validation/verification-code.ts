export const VERIFICATION_CODE_LENGTH = 6;

/**
 * What the code input keeps as the user types or pastes: the text trimmed first (a pasted code often
 * carries spaces or a line break), then hex characters only, upper-cased, at most 6.
 */
export function sanitizeVerificationCode(value: string): string {
  return value
    .trim()
    .replace(/[^0-9a-fA-F]/g, "")
    .toUpperCase()
    .slice(0, VERIFICATION_CODE_LENGTH);
}

/** Submit is possible only with exactly 6 hex characters. */
export function isCompleteCode(value: string): boolean {
  return /^[0-9A-F]{6}$/.test(value);
}
