import { ORDER_SOURCES, type OrderSource, REQUEST_STATES, type RequestState } from "@certavis/domain";
import { orders as frOrders } from "@certavis/i18n-fr/messages/orders";
import { Button } from "@certavis/ui";
import { Flex, Text, TextField } from "@radix-ui/themes";
import { FilterSelect } from "../../../components/filter-select";
import { SearchField } from "../../../components/search-field";
import { NO_ORDER_FILTERS, type OrderListFilters } from "../api/list-orders";

const t = frOrders;

const stateOptions = [
  ["all", t.filters.allStates],
  ...REQUEST_STATES.map((state) => [state, t.stateOptions[state]] as const),
] as const;
const sourceOptions = [
  ["all", t.filters.allSources],
  ...ORDER_SOURCES.map((source) => [source, t.sources[source]] as const),
] as const;

/** Search (reference, or e-mail for the roles that see addresses), state, source and period. */
export function OrderFiltersBar({
  filters,
  onChange,
  emailSearch,
}: {
  filters: OrderListFilters;
  onChange: (filters: OrderListFilters) => void;
  emailSearch: boolean;
}) {
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_ORDER_FILTERS);
  return (
    <Flex gap="3" wrap="wrap" mb="4" align="center">
      <SearchField
        placeholder={emailSearch ? t.search : t.searchReferenceOnly}
        value={filters.q}
        onChange={(q) => onChange({ ...filters, q })}
      />
      <FilterSelect
        label={t.filters.state}
        value={filters.state || "all"}
        options={stateOptions}
        onChange={(state) => onChange({ ...filters, state: state === "all" ? "" : (state as RequestState) })}
        className="min-w-[10rem]"
      />
      <FilterSelect
        label={t.filters.source}
        value={filters.source || "all"}
        options={sourceOptions}
        onChange={(source) =>
          onChange({ ...filters, source: source === "all" ? "" : (source as OrderSource) })
        }
        className="min-w-[9rem]"
      />
      {(["from", "to"] as const).map((field) => (
        <Text as="label" size="2" key={field}>
          <Flex align="center" gap="2">
            {t.filters[field]}
            <TextField.Root
              type="date"
              size="2"
              value={filters[field]}
              onChange={(e) => onChange({ ...filters, [field]: e.target.value })}
            />
          </Flex>
        </Text>
      ))}
      {filtered ? (
        <Button variant="ghost" onClick={() => onChange(NO_ORDER_FILTERS)}>
          {t.filters.reset}
        </Button>
      ) : null}
    </Flex>
  );
}
