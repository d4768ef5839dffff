/** Test support: which catalogue keys no source file uses. */

export interface SourceFile {
  path: string;
  text: string;
}

const IDENTIFIER_CHAR = /[\w$]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `needle` occurs in `text` and is not followed by more of an identifier. */
function occursWhole(text: string, needle: string): boolean {
  let from = text.indexOf(needle);
  while (from !== -1) {
    const next = text.charAt(from + needle.length);
    if (!IDENTIFIER_CHAR.test(next)) return true;
    from = text.indexOf(needle, from + 1);
  }
  return false;
}

/**
 * A key `group.a.b` is used by a file that contains:
 * - the whole path `group.a.b` (as in `fr.group.a.b` or `fr.group.a.b(…)`), or
 * - an alias of an ancestor (`const m = fr.group;` or `fr.group.a` not followed by `.`) and the rest
 *   of the path after a dot (`m.a.b`), or
 * - a computed access on an ancestor (`fr.group.a[status]`, `fr.group[key]`), which uses every key below it.
 */
export function isKeyUsed(group: string, keyPath: string, files: readonly SourceFile[]): boolean {
  const segments = keyPath.split(".");
  const full = [group, ...segments].join(".");
  return files.some(({ text }) => {
    if (occursWhole(text, full)) return true;
    for (let depth = 0; depth < segments.length; depth++) {
      const ancestor = [group, ...segments.slice(0, depth)].join(".");
      // `fr.group[…]` or `group.a[…]`: a bare `group[` (e.g. a local `errors[field]`) is not the catalogue
      const computed = depth === 0 ? `fr.${ancestor}` : ancestor;
      if (new RegExp(`(?<![\\w$])${escapeRegExp(computed)}\\s*\\[`).test(text)) return true;
      const aliased = new RegExp(`\\bfr\\.${escapeRegExp(ancestor)}(?![\\w$.\\[])`).test(text);
      if (aliased && occursWhole(text, `.${segments.slice(depth).join(".")}`)) return true;
    }
    return false;
  });
}

/** Key paths of `keys` (dotted, relative to the group) that no file uses. */
export function findUnusedKeys(
  group: string,
  keys: readonly string[],
  files: readonly SourceFile[],
): string[] {
  return keys.filter((key) => !isKeyUsed(group, key, files));
}
