import { fr } from "@certavis/i18n-fr";
import { Flex } from "@radix-ui/themes";
import { FilterSelect } from "../../../components/filter-select";
import { SearchField } from "../../../components/search-field";
import type { ReviewFilters } from "../lib/filter-reviews";

const t = fr.reviews.filters;

const ratingOptions = [
  ["all", t.allRatings],
  ["5", t.stars5],
  ["4", t.stars4],
  ["3", t.stars3],
  ["2", t.stars2],
  ["1", t.stars1],
] as const;

const subjectOptions = [
  ["all", t.allSubjects],
  ["store", t.store],
  ["product", t.products],
] as const;

const statusOptions = [
  ["all", t.allStatuses],
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
      <FilterSelect
        label={t.subject}
        value={filters.subject}
        options={subjectOptions}
        onChange={(subject: ReviewFilters["subject"]) =>
          // A store review has no product: the product choice goes with 'Boutique'.
          onChange({ ...filters, subject, product: subject === "store" ? "all" : filters.product })
        }
        className="min-w-[10rem]"
      />
      <FilterSelect
        label={t.product}
        value={filters.product}
        options={[["all", t.allProducts] as const, ...products.map((p) => [p.id, p.name] as const)]}
        onChange={(product) => onChange({ ...filters, product })}
        className="min-w-[11rem]"
      />
      <FilterSelect
        label={t.rating}
        value={filters.rating}
        options={ratingOptions}
        onChange={(rating) => onChange({ ...filters, rating })}
        className="min-w-[9rem]"
      />
      <FilterSelect
        label={t.status}
        value={filters.status}
        options={statusOptions}
        onChange={(status: ReviewFilters["status"]) => onChange({ ...filters, status })}
        className="min-w-[9rem]"
      />
    </Flex>
  );
}
