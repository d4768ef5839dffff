import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Heading, Text, TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { ErrorCallout } from "./error-callout";
import { SearchIcon } from "./icons";
import { LoadingScreen } from "./loading-screen";

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
        <TextField.Root
          type="search"
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        >
          <TextField.Slot>
            <SearchIcon width={16} height={16} />
          </TextField.Slot>
        </TextField.Root>
      </div>
      {query.isPending ? (
        <LoadingScreen />
      ) : query.isError ? (
        <Flex direction="column" align="start" gap="3">
          <ErrorCallout message={errorMessage(query.error, loadFailed)} />
          <Button variant="outline" onClick={() => void query.refetch()}>
            {fr.common.retry}
          </Button>
        </Flex>
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
