import { normalizeProductStatus, type ProductStatus, sortProducts } from "@certavis/domain";
import { foldText } from "../../../lib/fold-text";

export type StatusFilter = "all" | ProductStatus;

export interface ProductFilters {
  search: string;
  status: StatusFilter;
}

export const NO_PRODUCT_FILTERS: ProductFilters = { search: "", status: "all" };

const fold = (text: string) => foldText(text).trim();

/** Products matching the search (name or SKU, accents ignored) and status, in the list order of spec §4. */
export function filterProducts<T extends { name: string; sku: string | null; status: unknown }>(
  products: readonly T[],
  { search, status }: ProductFilters,
): T[] {
  const query = fold(search);
  return sortProducts(products).filter(
    (p) =>
      (status === "all" || normalizeProductStatus(p.status) === status) &&
      (!query || fold(p.name).includes(query) || fold(p.sku ?? "").includes(query)),
  );
}
