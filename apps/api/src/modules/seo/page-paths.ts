export function companyPagePath(slug: string): string {
  return `/avis/${slug}`;
}

export function productPagePath(slug: string, productId: string): string {
  return `/avis/${slug}/produits/${productId}`;
}

export function reviewPagePath(slug: string, reviewId: string): string {
  return `/avis/${slug}/${reviewId}`;
}

/** The page's own address with its filter and page number (page 1 has none). */
export function pageHref(path: string, note: number | null, page: number): string {
  const params = new URLSearchParams();
  if (note) params.set("note", String(note));
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The no-script report form of a published review ('Signaler'), for the pages and the widget. */
export function reportPagePath(reviewId: string): string {
  return `/signaler/${reviewId}`;
}

/** The public removal rules. */
export const MODERATION_RULES_PATH = "/regles-de-moderation";
