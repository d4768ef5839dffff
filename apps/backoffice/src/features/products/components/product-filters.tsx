import { fr } from "@certavis/i18n-fr";
import { Flex } from "@radix-ui/themes";
import { FilterSelect } from "../../../components/filter-select";
import { SearchField } from "../../../components/search-field";
import type { ProductFilters, StatusFilter } from "../lib/filter-products";

const t = fr.products.filters;

const statusOptions = [
  ["all", t.all],
  ["active", t.active],
  ["draft", t.draft],
  ["archived", t.archived],
] as const;

export function ProductFiltersBar({
  filters,
  onChange,
}: {
  filters: ProductFilters;
  onChange: (filters: ProductFilters) => void;
}) {
  return (
    <Flex gap="3" wrap="wrap" mb="4" align="center">
      <SearchField
        placeholder={t.searchPlaceholder}
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
      />
      <FilterSelect
        label={t.status}
        value={filters.status}
        options={statusOptions}
        onChange={(status: StatusFilter) => onChange({ ...filters, status })}
        className="min-w-[10rem]"
      />
    </Flex>
  );
}
