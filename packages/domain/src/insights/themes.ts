import { FRENCH_STOP_WORDS } from "./french-stop-words";

export interface ThemeSource {
  id: string;
  /** Title and comment of the review. */
  text: string;
}

export interface Theme {
  /** The word or two-word phrase, accents and case folded, plural merged into the singular. */
  term: string;
  /** How the reviews most often spell it (lower case, accents kept): what a search for it looks for. */
  label: string;
  /** Number of reviews that use it. */
  count: number;
  /** Up to 3 of those reviews, in the order they were given. */
  review_ids: string[];
}

export const THEMES_PER_SIDE = 10;
const IDS_PER_THEME = 3;
const MIN_WORD_LENGTH = 3;

/** Lower case, accents removed, ligatures spelled out. */
export function foldFrench(text: string): string {
  return text.toLowerCase().replace(/œ/g, "oe").replace(/æ/g, "ae").normalize("NFD").replace(/\p{M}/gu, "");
}

interface Word {
  folded: string;
  spelled: string;
}

/**
 * The words of a text in order; a stop word, a short word, a number or a punctuation mark is a gap
 * (null), so that a phrase never spans two sentences or clauses.
 */
function wordsOf(text: string): (Word | null)[] {
  const words: (Word | null)[] = [];
  for (const clause of text.toLowerCase().split(/[.,;:!?()\n\r]+/)) {
    for (const raw of clause.split(/[^\p{L}\p{N}]+/u)) {
      if (!raw) continue;
      const folded = foldFrench(raw);
      const keep =
        folded.length >= MIN_WORD_LENGTH && !FRENCH_STOP_WORDS.has(folded) && !/^\p{N}+$/u.test(folded);
      words.push(keep ? { folded, spelled: raw } : null);
    }
    words.push(null);
  }
  return words;
}

/** Singular candidates of a French plural: 'livraisons' → 'livraison', 'journaux' → 'journal'. */
function singularsOf(word: string): string[] {
  if (word.length <= MIN_WORD_LENGTH) return [];
  const candidates: string[] = [];
  if (word.endsWith("aux")) candidates.push(`${word.slice(0, -3)}al`);
  if ((word.endsWith("s") && !word.endsWith("ss")) || word.endsWith("x")) candidates.push(word.slice(0, -1));
  return candidates;
}

/**
 * The most frequent words and two-word phrases of `sources` (titles and comments), counted once per
 * review: French stop words removed, accents and case folded, and a plural counted with its singular
 * when the singular appears too (so 'avis' or 'prix' stay whole).
 */
export function topThemes(sources: readonly ThemeSource[], limit = THEMES_PER_SIDE): Theme[] {
  const perReview = sources.map((source) => ({ id: source.id, words: wordsOf(source.text) }));
  const seen = new Set<string>();
  for (const { words } of perReview) for (const word of words) if (word) seen.add(word.folded);
  const singular = (word: string) => singularsOf(word).find((candidate) => seen.has(candidate)) ?? word;

  const themes = new Map<string, { ids: string[]; count: number; spellings: Map<string, number> }>();
  const add = (term: string, spelled: string, id: string, counted: Set<string>) => {
    let theme = themes.get(term);
    if (!theme) {
      theme = { ids: [], count: 0, spellings: new Map() };
      themes.set(term, theme);
    }
    theme.spellings.set(spelled, (theme.spellings.get(spelled) ?? 0) + 1);
    if (counted.has(term)) return;
    counted.add(term);
    theme.count += 1;
    if (theme.ids.length < IDS_PER_THEME) theme.ids.push(id);
  };
  for (const { id, words } of perReview) {
    const counted = new Set<string>();
    let previous: { term: string; spelled: string } | null = null;
    for (const word of words) {
      if (!word) {
        previous = null;
        continue;
      }
      const term = singular(word.folded);
      add(term, word.spelled, id, counted);
      if (previous) add(`${previous.term} ${term}`, `${previous.spelled} ${word.spelled}`, id, counted);
      previous = { term, spelled: word.spelled };
    }
  }
  return [...themes.entries()]
    .map(([term, theme]) => ({
      term,
      label: mostUsed(theme.spellings, term),
      count: theme.count,
      review_ids: theme.ids,
    }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        b.term.split(" ").length - a.term.split(" ").length ||
        a.term.localeCompare(b.term),
    )
    .slice(0, limit);
}

/** The most used spelling, a singular one when there is one (as a search, it also finds the plural). */
function mostUsed(spellings: Map<string, number>, term: string): string {
  const singular = [...spellings].filter(([spelled]) => foldFrench(spelled) === term);
  let best = "";
  let bestCount = 0;
  for (const [spelled, count] of singular.length > 0 ? singular : spellings) {
    // On a tie, the spelling with accents: a search for it finds what the reviews wrote.
    const accented = spelled !== foldFrench(spelled) && best === foldFrench(best);
    if (count > bestCount || (count === bestCount && accented)) {
      best = spelled;
      bestCount = count;
    }
  }
  return best;
}
