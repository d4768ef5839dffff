/**
 * The text of a product's stars on a shop's listing page ('4,3 sur 5, 12 avis'), on its own: the embed
 * loader (`/embed.js`, ≤ 2 KB, on shops' pages) carries only this, not the number formatters.
 */
export function starsLabel(average: number, count: number): string {
  const mean = (Math.round(average * 10) / 10).toFixed(1).replace(".", ",");
  // French groups thousands with a narrow no-break space: 12 345. (Below 1,000 no regular expression:
  // on a listing page its first use is a cost to the host's main thread.)
  const total = count < 1000 ? String(count) : String(count).replace(/\B(?=(\d{3})+$)/g, "\u202f");
  return `${mean} sur 5, ${total} avis`;
}
