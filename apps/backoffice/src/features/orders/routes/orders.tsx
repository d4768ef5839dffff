import { can } from "@certavis/domain";
import { orders as frOrders } from "@certavis/i18n-fr/messages/orders";
import { Button } from "@certavis/ui";
import { Flex, Heading, Text } from "@radix-ui/themes";
import { useDeferredValue, useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { useCaller } from "../../../lib/hooks/use-caller";
import { NO_ORDER_FILTERS, type OrderListFilters, useOrders } from "../api/list-orders";
import { OrderFiltersBar } from "../components/order-filters";
import { OrdersTable } from "../components/orders-table";

const t = frOrders;

/** /orders: every order, each product's request state; search, filters, 'Afficher plus'. */
export function OrdersRoute() {
  const { role } = useCaller();
  const [filters, setFilters] = useState<OrderListFilters>(NO_ORDER_FILTERS);
  // The search asks the server once typing pauses, not at every key.
  const asked = useDeferredValue(filters);
  const orders = useOrders(asked);
  const first = orders.data?.pages[0];
  const rows = orders.data?.pages.flatMap((page) => page.results) ?? [];
  const filtered = JSON.stringify(asked) !== JSON.stringify(NO_ORDER_FILTERS);

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          can(role, "catalog.manage") ? (
            <Button asChild variant="outline">
              <Link to="/orders/import">{t.importAction}</Link>
            </Button>
          ) : null
        }
      />
      <OrderFiltersBar filters={filters} onChange={setFilters} emailSearch={can(role, "personalData.view")} />
      {orders.isPending ? (
        <LoadingScreen />
      ) : orders.isError ? (
        <LoadError error={orders.error} fallback={t.loadFailed} onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <Flex direction="column" gap="2" py="6" align="center" role="status">
          <Heading as="h2" size="4">
            {filtered ? t.empty.noMatch : t.empty.title}
          </Heading>
          {filtered ? null : (
            <Text color="gray" align="center">
              {t.empty.text}
            </Text>
          )}
        </Flex>
      ) : (
        <Flex direction="column" gap="3">
          <Text size="2" color="gray" role="status">
            {first?.count_capped || (filtered && orders.hasNextPage)
              ? t.count(rows.length, true)
              : t.count(filtered ? rows.length : (first?.count ?? rows.length), false)}
          </Text>
          <OrdersTable orders={rows} />
          {orders.hasNextPage ? (
            <Flex justify="center">
              <Button
                variant="outline"
                loading={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {t.loadMore}
              </Button>
            </Flex>
          ) : null}
        </Flex>
      )}
    </>
  );
}
