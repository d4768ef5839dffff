import { formatDate } from "@certavis/i18n-fr";
import { orders as frOrders } from "@certavis/i18n-fr/messages/orders";
import { Flex, Table, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { ScrollableTable } from "../../../components/scrollable-table";
import type { Order } from "../api/list-orders";
import { RequestStateBadge } from "./request-state-badge";

const t = frOrders;

/** One line per order: reference (a link to its detail), date, buyer, products with their request, source. */
export function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <ScrollableTable variant="surface" size="2" label={t.title}>
      <caption className="sr-only">{t.title}</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{t.columns.reference}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.columns.date}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.columns.buyer}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.columns.products}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.columns.source}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {orders.map((order) => (
          <Table.Row key={order.id}>
            <Table.RowHeaderCell>
              <Link to={`/orders/${order.id}`} className="font-medium text-[var(--accent-11)] underline">
                {order.reference}
              </Link>
            </Table.RowHeaderCell>
            <Table.Cell>{formatDate(order.order_date)}</Table.Cell>
            <Table.Cell>
              <Flex direction="column">
                <Text>
                  {[order.buyer_first_name, order.buyer_last_name].filter(Boolean).join(" ") || "—"}
                </Text>
                <Text size="1" color="gray">
                  {order.buyer_email || "—"}
                </Text>
              </Flex>
            </Table.Cell>
            <Table.Cell>
              <ul className="m-0 flex list-none flex-col gap-1 p-0">
                {order.items.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center gap-2">
                    <Text size="2">{item.product.name}</Text>
                    <RequestStateBadge request={item.request} />
                  </li>
                ))}
              </ul>
            </Table.Cell>
            <Table.Cell>{t.sources[order.source]}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollableTable>
  );
}
