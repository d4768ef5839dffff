import { formatInteger } from "./number";

/**
 * French plural rule, the one helper for every count in the product: the singular under 2 (0, 1 and
 * 1,5 take it: '0 commande', '1 commande', '1,5 étoile'), the plural from 2 ('2 commandes').
 */
export function plural(n: number, one: string, many: string): string {
  return Math.abs(n) < 2 ? one : many;
}

/** A whole count and its noun in French: 1 → '1 commande', 1234 → '1 234 commandes'. */
export function countOf(n: number, one: string, many: string): string {
  return `${formatInteger(n)} ${plural(n, one, many)}`;
}
