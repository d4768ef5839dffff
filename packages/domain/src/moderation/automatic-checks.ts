import { INSULT_WORDS } from "./insult-words";

/**
 * What the automatic checks of Certavis mode look for in a new review (ARCHITECTURE §10.19): contact
 * details or a link (personal data, advertising), an insult from `INSULT_WORDS`, or the same text
 * already posted by another order of the company (the server looks that one up by fingerprint).
 */
export const CHECK_FLAG_KINDS = ["email", "phone", "link", "insult", "duplicate"] as const;
export type CheckFlagKind = (typeof CHECK_FLAG_KINDS)[number];

/** One finding: its kind and the words found (for a duplicate, the other review's id). */
export interface CheckFlag {
  kind: CheckFlagKind;
  match: string;
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
// French numbers (0X XX XX XX XX, +33 X …, 0033 …) and other international ones (+ and 8 digits or more).
const PHONE = /(?:(?:\+|00)33[\s.-]?[1-9]|\b0[1-9])(?:[\s.-]?\d{2}){4}\b|\+\d(?:[\s.-]?\d){7,}/g;
const LINK =
  /\bhttps?:\/\/[^\s]+|\bwww\.[^\s]+|\b[a-z0-9][a-z0-9-]*\.(?:fr|com|net|org|eu|io|shop|store|info|biz|be|ch|co|ly)\b(?:\/[^\s]*)?/gi;

/** Lower case, accents off, every run of other characters one space: how texts are compared. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const INSULTS = new RegExp(`(?:^| )(${INSULT_WORDS.join("|")})(?:e|s|es)?(?= |$)`, "g");

function matches(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((match) => match[0].trim());
}

/**
 * The findings in a review's texts (title and comment, or any free answer), in the order of
 * `CHECK_FLAG_KINDS`, each kind once with its first match. `[]`: clean (as far as words go).
 */
export function checkReviewText(texts: readonly string[]): CheckFlag[] {
  const flags: CheckFlag[] = [];
  const joined = texts.filter(Boolean).join("\n");
  const emails = matches(EMAIL, joined);
  if (emails[0]) flags.push({ kind: "email", match: emails[0] });
  const phones = matches(PHONE, joined);
  if (phones[0]) flags.push({ kind: "phone", match: phones[0] });
  // An e-mail address's domain is not a link of its own.
  const links = matches(LINK, joined.replace(EMAIL, " "));
  if (links[0]) flags.push({ kind: "link", match: links[0] });
  const insult = [...foldText(joined).matchAll(INSULTS)][0];
  if (insult?.[1]) flags.push({ kind: "insult", match: insult[1] });
  return flags;
}

/** A text shorter than this once folded ('Parfait', 'Très bien') is no duplicate of anything. */
export const DUPLICATE_MIN_LENGTH = 30;

/**
 * What two reviews' texts are compared by for the duplicate check (the server stores its SHA-256):
 * the folded comment, or null when too short to mean anything.
 */
export function reviewTextFingerprint(comment: string): string | null {
  const folded = foldText(comment);
  return folded.length >= DUPLICATE_MIN_LENGTH ? folded : null;
}
