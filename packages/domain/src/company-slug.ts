/** The company's address on the public pages: `/avis/{slug}`. */
export const COMPANY_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;

export function isCompanySlug(value: string): boolean {
  return COMPANY_SLUG_PATTERN.test(value);
}

/**
 * 'Les Délices d'Élodie' → 'les-delices-d-elodie': accents dropped, other characters as dashes, at
 * most 60 characters; a name too short for the pattern is completed with `suffix`.
 */
export function slugFromName(name: string, suffix = "avis"): string {
  const base = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return base.length >= 3 ? base : `${base ? `${base}-` : ""}${suffix}`;
}

/** `slug` with a numbered ending that keeps it within 60 characters: 'boutique-2'. */
export function numberedSlug(slug: string, n: number): string {
  const ending = `-${n}`;
  return `${slug.slice(0, 60 - ending.length).replace(/-+$/, "")}${ending}`;
}
