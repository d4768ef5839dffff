import { Badge } from "@radix-ui/themes";
import { type OrderItemRequest, requestLabel } from "../lib/request-label";

const colors = {
  scheduled: "blue",
  sent: "green",
  reminded: "green",
  reviewed: "amber",
  skipped: "gray",
  failed: "red",
} as const;

/** One product's request state in French, with its date or reason. */
export function RequestStateBadge({ request }: { request: OrderItemRequest }) {
  return (
    <Badge color={colors[request.state]} variant="soft" radius="full" highContrast>
      {requestLabel(request)}
    </Badge>
  );
}
