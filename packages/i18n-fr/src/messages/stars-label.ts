/**
 * The text of a product's stars on a shop's listing page ('4,3 sur 5, 12 avis'), on its own: the embed
 * loader (`/embed.js`, ≤ 2 KB, on shops' pages) carries only this, not the number formatters.
 */
export function starsLabel(average: number, count: number): string {
  // Integer arithmetic, not toFixed and replace: on a listing page with no other script, each built-in
  // used for the first time costs the host's main thread.
  const tenths = Math.round(average * 10);
  const mean = `${Math.floor(tenths / 10)},${tenths % 10}`;
  // French groups thousands with a narrow no-break space: 12 345. (Below 1,000 no regular expression,
  // for the same reason.)
  const total = count < 1000 ? String(count) : String(count).replace(/\B(?=(\d{3})+$)/g, "\u202f");
  return `${mean} sur 5, ${total} avis`;
}
