import { fr } from "@certavis/i18n-fr";
import { Flex, Select } from "@radix-ui/themes";
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
      <Select.Root
        value={filters.status}
        onValueChange={(status) => onChange({ ...filters, status: status as StatusFilter })}
      >
        <Select.Trigger aria-label={t.status} className="min-w-[10rem]" />
        <Select.Content position="popper">
          {statusOptions.map(([value, label]) => (
            <Select.Item key={value} value={value}>
              {label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
