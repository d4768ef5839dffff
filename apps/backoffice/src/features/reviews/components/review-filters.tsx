import { fr } from "@certavis/i18n-fr";
import { Flex, Select } from "@radix-ui/themes";
import { SearchField } from "../../../components/search-field";
import type { ReviewFilters } from "../lib/filter-reviews";

const t = fr.reviews.filters;

const ratingOptions = [
  ["5", t.stars5],
  ["4", t.stars4],
  ["3", t.stars3],
  ["2", t.stars2],
  ["1", t.stars1],
] as const;

const statusOptions = [
  ["approved", t.approved],
  ["pending", t.pending],
  ["rejected", t.rejected],
] as const;

export function ReviewFiltersBar({
  filters,
  products,
  onChange,
}: {
  filters: ReviewFilters;
  products: readonly { id: string; name: string }[];
  onChange: (filters: ReviewFilters) => void;
}) {
  return (
    <Flex gap="3" wrap="wrap" mb="4" align="center">
      <SearchField
        placeholder={t.searchPlaceholder}
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
      />
      <Select.Root value={filters.product} onValueChange={(product) => onChange({ ...filters, product })}>
        <Select.Trigger aria-label={t.product} className="min-w-[11rem]" />
        <Select.Content position="popper">
          <Select.Item value="all">{t.allProducts}</Select.Item>
          {products.map((p) => (
            <Select.Item key={p.id} value={p.id}>
              {p.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Select.Root value={filters.rating} onValueChange={(rating) => onChange({ ...filters, rating })}>
        <Select.Trigger aria-label={t.rating} className="min-w-[9rem]" />
        <Select.Content position="popper">
          <Select.Item value="all">{t.allRatings}</Select.Item>
          {ratingOptions.map(([value, label]) => (
            <Select.Item key={value} value={value}>
              {label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Select.Root
        value={filters.status}
        onValueChange={(status) => onChange({ ...filters, status: status as ReviewFilters["status"] })}
      >
        <Select.Trigger aria-label={t.status} className="min-w-[9rem]" />
        <Select.Content position="popper">
          <Select.Item value="all">{t.allStatuses}</Select.Item>
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
