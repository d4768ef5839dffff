/** Test support: the French strings the spec quotes. */

export interface SpecString {
  text: string;
  /** The nearest heading (or §8 bullet label) above the string, for error messages. */
  section: string;
}

// A quote opens after a boundary and closes before one, so apostrophes inside words
// ("d'adhésion", "l'avis") do not end a string.
const QUOTED = /(?<=^|[\s([/])'(.+?)'(?=$|[\s,;.):/\]!?])/gmu;

/** Every single-quoted string of the spec with its section, in order, first occurrence only. */
export function extractSpecStrings(markdown: string): SpecString[] {
  const found = new Map<string, SpecString>();
  let section = "";
  for (const line of markdown.split("\n")) {
    const heading = /^#{2,3}\s+(.*)$/.exec(line);
    if (heading?.[1]) section = heading[1].trim();
    const bullet = /^\s+-\s+([A-Z][\w-]*):/.exec(line);
    const where = bullet?.[1] ? `${section} › ${bullet[1]}` : section;
    for (const match of line.matchAll(QUOTED)) {
      const text = match[1];
      if (text && !found.has(text)) found.set(text, { text, section: where });
    }
  }
  return [...found.values()];
}
