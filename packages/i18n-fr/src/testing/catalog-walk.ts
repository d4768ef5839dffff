/** Test support: walks the catalogue and renders its entries as text. */

export type CatalogValue =
  | string
  | ((...args: never[]) => string)
  | readonly string[]
  | { readonly [key: string]: CatalogValue };

export interface CatalogLeaf {
  /** Dotted path from the walked object, e.g. `detail.approve`. */
  path: string;
  value: string | ((...args: never[]) => string) | readonly string[];
}

/** Every leaf (string, template function or list of strings) of a catalogue object. */
export function catalogLeaves(node: CatalogValue, prefix = ""): CatalogLeaf[] {
  if (typeof node === "string" || typeof node === "function" || Array.isArray(node)) {
    return [{ path: prefix, value: node as CatalogLeaf["value"] }];
  }
  return Object.entries(node as Record<string, CatalogValue>).flatMap(([key, child]) =>
    catalogLeaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** Parameter names of a template function, read from its source (`(min, max) => …`). */
export function parameterNames(fn: (...args: never[]) => string): string[] {
  const source = fn.toString();
  const match = /^\s*(?:function\s*[\w$]*\s*)?\(([^)]*)\)/.exec(source) ?? /^\s*([\w$]+)\s*=>/.exec(source);
  const list = match?.[1] ?? "";
  return list
    .split(",")
    .map((name) =>
      name
        .trim()
        .replace(/[:=].*$/, "")
        .trim(),
    )
    .filter(Boolean);
}

/**
 * The texts a leaf can produce: strings as they are; functions called with their own parameter
 * names, bare (`n`) and in braces (`{min}`), which is how the spec writes placeholders.
 */
export function renderings(value: CatalogLeaf["value"]): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return [...value];
  const fn = value as (...args: string[]) => string;
  const names = parameterNames(value as (...args: never[]) => string);
  const out: string[] = [];
  for (const wrap of [(name: string) => name, (name: string) => `{${name}}`]) {
    try {
      out.push(fn(...names.map(wrap)));
    } catch {
      // a template that needs real values cannot be compared with the spec's placeholders
    }
  }
  return out;
}

/** All texts of a catalogue. */
export function catalogTexts(node: CatalogValue): string[] {
  return catalogLeaves(node).flatMap((leaf) => renderings(leaf.value));
}

/**
 * Whether a spec string is in the catalogue. A trailing ' …' or ' ...' in the spec stands for a
 * value ('Clé expirée le …'): then the catalogue text must start with what comes before it.
 */
export function hasSpecString(texts: readonly string[], spec: string): boolean {
  const placeholder = /\s(?:…|\.\.\.)$/.exec(spec);
  if (placeholder) {
    const prefix = spec.slice(0, placeholder.index + 1);
    return texts.some((text) => text === spec || text.startsWith(prefix));
  }
  return texts.includes(spec);
}
