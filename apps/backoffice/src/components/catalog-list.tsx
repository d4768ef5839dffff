import { Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { LoadError } from "./load-error";
import { LoadingScreen } from "./loading-screen";
import { SearchField } from "./search-field";

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A searchable grid of cards (templates, forms): the search field, then loading, the load error with
 * 'Réessayer', the empty states ('no item' / 'no match') or the cards.
 */
export function CatalogList<T extends { id: string }>({
  label,
  searchPlaceholder,
  search,
  onSearch,
  query,
  items,
  loadFailed,
  empty,
  renderItem,
}: {
  /** Accessible name of the list (the page title). */
  label: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (search: string) => void;
  query: ListQuery;
  /** What the search leaves. */
  items: readonly T[];
  loadFailed: string;
  empty: { title: string; description: string; noMatch: string };
  renderItem: (item: T) => ReactNode;
}) {
  const searching = search.trim() !== "";
  return (
    <>
      <div className="mb-5 max-w-md">
        <SearchField placeholder={searchPlaceholder} value={search} onChange={onSearch} />
      </div>
      {query.isPending ? (
        <LoadingScreen />
      ) : query.isError ? (
        <LoadError error={query.error} fallback={loadFailed} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Flex direction="column" align="center" gap="2" py="9" className="text-center">
          <Heading as="h2" size="4">
            {searching ? empty.noMatch : empty.title}
          </Heading>
          {searching ? null : <Text color="gray">{empty.description}</Text>}
        </Flex>
      ) : (
        <ul
          className="m-0 grid list-none grid-cols-1 gap-4 p-0 md:grid-cols-2 xl:grid-cols-3"
          aria-label={label}
        >
          {items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
