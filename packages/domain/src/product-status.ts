/** Product statuses on the wire (spec §4); `published` is read as active. */
export const PRODUCT_STATUSES = ["active", "draft", "archived"] as const;

export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Status of a new product in the product form. */
export const DEFAULT_PRODUCT_STATUS: ProductStatus = "draft";

export function isProductStatus(value: unknown): value is ProductStatus {
  return typeof value === "string" && (PRODUCT_STATUSES as readonly string[]).includes(value);
}

/** 'published' → 'active'; case-insensitive; anything unknown or missing → 'draft'. */
export function normalizeProductStatus(value: unknown): ProductStatus {
  if (typeof value !== "string") return DEFAULT_PRODUCT_STATUS;
  const lowered = value.trim().toLowerCase();
  if (lowered === "published") return "active";
  return isProductStatus(lowered) ? lowered : DEFAULT_PRODUCT_STATUS;
}

const STATUS_RANK: Readonly<Record<ProductStatus, number>> = { active: 0, draft: 1, archived: 2 };

const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

/** Products are listed by name under `name`, else `title` (spec §3). */
export interface SortableProduct {
  status?: unknown;
  name?: string | null;
  title?: string | null;
}

function productName(product: SortableProduct): string {
  return (product.name ?? product.title ?? "").trim();
}

/** List order: active, draft, archived, then name alphabetically (French collation). */
export function compareProducts(a: SortableProduct, b: SortableProduct): number {
  const byStatus =
    STATUS_RANK[normalizeProductStatus(a.status)] - STATUS_RANK[normalizeProductStatus(b.status)];
  if (byStatus !== 0) return byStatus;
  return collator.compare(productName(a), productName(b));
}

/** A sorted copy; the input is left untouched. */
export function sortProducts<T extends SortableProduct>(products: readonly T[]): T[] {
  return [...products].sort(compareProducts);
}
