/// <reference types="node" />
import ts from "typescript";

export interface FrenchLiteral {
  path: string;
  line: number;
  text: string;
}

/** Letters French uses that English code and identifiers do not. */
const ACCENTED = /[àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ]/;

/** Frequent French words that are not English words (two of them make a sentence French). */
const FRENCH_WORDS = new Set(
  (
    "le la les des du une est et pour avec votre vos vous nous ce cette ces sur pas dans aux au " +
    "qui que ou plus ici aucun aucune veuillez merci bonjour mot passe votre notre nos leur leurs " +
    "être avoir sont ont fait peut doit sera cet son sa ses mon ma mes ne n'est c'est d'un d'une l'"
  ).split(" "),
);

/** Words of a text, lower case, apostrophes kept (`n'est`), split on anything else. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[a-zà-ÿœæ']+/g) ?? [];
}

/**
 * Whether a string literal or JSX text reads as French prose shown to a user: it has a letter of
 * French (é, è, à, ç, …) in a word, or at least two frequent French words and a space. Identifiers,
 * CSS classes, URLs, keys and wire values have neither.
 */
export function looksFrench(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 2) return false;
  if (/^(https?:|\/|#|\.|@|[\w.-]+\/[\w./-]+$)/.test(trimmed)) return false;
  const list = words(trimmed);
  if (ACCENTED.test(trimmed) && list.some((w) => ACCENTED.test(w) && w.length > 1)) return true;
  if (!/\s/.test(trimmed)) return false;
  return list.filter((w) => FRENCH_WORDS.has(w)).length >= 2;
}

/** The string literals, template-literal parts and JSX texts of a file that look French. */
export function findFrenchLiterals(path: string, source: string): FrenchLiteral[] {
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
  const found: FrenchLiteral[] = [];
  const visit = (node: ts.Node) => {
    // Module specifiers and `declare module` names are paths, not text.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      text = node.text;
    else if (ts.isJsxText(node)) text = node.text;
    if (text !== undefined && looksFrench(text)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push({ path, line: line + 1, text: text.trim().slice(0, 80) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
