import { formatDateTime } from "@certavis/i18n-fr";
import { orders as frOrders } from "@certavis/i18n-fr/messages/orders";
import { Flex, Text } from "@radix-ui/themes";
import type { OrderDetail } from "../api/get-order";

const t = frOrders.detail;

type Event = OrderDetail["timeline"][number];

function eventText(event: Event): string {
  if (event.type === "recorded") return t.recorded(event.source ? frOrders.sources[event.source] : "—");
  if (event.type === "review") {
    const text = t.review(event.product?.name ?? "—");
    return typeof event.rating === "number" ? `${text} (${t.rating(String(event.rating))})` : text;
  }
  const kind = event.email_kind ? t.emailKinds[event.email_kind] : "";
  const product = event.email_kind === "thanks" && event.product ? ` (${event.product.name})` : "";
  return `${t.email(kind, event.result ? t.results[event.result] : "")}${product}`;
}

/** What happened to the order, oldest first: recorded, each e-mail and its result, the reviews. */
export function OrderTimeline({ events }: { events: Event[] }) {
  return (
    <ol className="m-0 flex list-none flex-col gap-3 border-l-2 border-[var(--gray-a6)] p-0 pl-4">
      {events.map((event, index) => (
        <li key={`${event.type}-${event.email_kind ?? ""}-${index}`}>
          <Flex direction="column">
            <Text size="2" weight="medium">
              {eventText(event)}
            </Text>
            <Text size="1" color="gray">
              {formatDateTime(event.at)}
            </Text>
            {event.detail ? (
              <Text size="1" color="red">
                {event.detail}
              </Text>
            ) : null}
          </Flex>
        </li>
      ))}
    </ol>
  );
}
