import { canResend, canSendNow } from "@certavis/domain";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";
import { factsOf, headDelivery, type OrderFacts, orderView } from "./order-views";

type OrderDetail = SchemaOf<"OrderDetail">;
type TimelineEvent = SchemaOf<"OrderTimelineEvent">;
type EmailKind = NonNullable<TimelineEvent["email_kind"]>;
type EmailResult = NonNullable<TimelineEvent["result"]>;
type ReviewStatus = NonNullable<TimelineEvent["review_status"]>;

const EMAIL_KINDS: readonly string[] = ["request", "reminder", "thanks"];
const RESULTS: readonly string[] = ["scheduled", "sending", "held", "sent", "failed", "cancelled"];

/** The head (line 0) of one of the company's orders, or null. */
export async function orderHead(db: DbOrTx, companyId: string, id: string) {
  const [head] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.id, id), eq(orders.line, 0)));
  return head ?? null;
}

/** 'Envoyer maintenant' and 'Renvoyer' as the domain allows them on the order's request. */
export function orderActions(facts: OrderFacts): OrderDetail["actions"] {
  const request = headDelivery(facts, "request");
  const common = { stop: facts.head.emailStop, anonymized: facts.head.anonymizedAt !== null };
  return {
    send_now: canSendNow({ ...common, request }),
    resend: canResend({ ...common, request }),
  };
}

const time = (at: string | null) => (at ? Date.parse(at) : Number.POSITIVE_INFINITY);

/** The order's timeline, oldest first (a due e-mail at its due date, after what already happened). */
function timeline(facts: OrderFacts): TimelineEvent[] {
  const products = new Map(
    facts.lines.map((l) => [l.order.id, { id: l.order.productId, name: l.productName }]),
  );
  const events: TimelineEvent[] = [
    {
      type: "recorded",
      at: facts.head.createdAt.toISOString(),
      source: facts.head.source as TimelineEvent["source"],
    },
  ];
  for (const d of facts.deliveries) {
    if (!EMAIL_KINDS.includes(d.kind) || !RESULTS.includes(d.status)) continue;
    const product = d.kind === "thanks" && d.orderId ? products.get(d.orderId) : undefined;
    events.push({
      type: "email",
      at: (d.sentAt ?? d.scheduledAt ?? d.createdAt).toISOString(),
      email_kind: d.kind as EmailKind,
      result: d.status as EmailResult,
      detail: d.status === "failed" || d.status === "held" ? d.lastError : null,
      ...(product ? { product } : {}),
    });
  }
  for (const l of facts.lines) {
    if (!l.review) continue;
    events.push({
      type: "review",
      at: l.review.createdAt.toISOString(),
      product: { id: l.order.productId, name: l.productName },
      review_id: l.review.id,
      review_status: l.review.status as ReviewStatus,
      rating: l.review.rating === null ? null : Number(l.review.rating),
    });
  }
  return events.sort((a, b) => time(a.at) - time(b.at));
}

/** One order of the company with its timeline and actions, or null (unknown, another's, not a head). */
export async function orderDetail(db: DbOrTx, companyId: string, id: string): Promise<OrderDetail | null> {
  const head = await orderHead(db, companyId, id);
  if (!head) return null;
  const [facts] = await factsOf(db, companyId, [head]);
  const view = facts ? orderView(facts) : null;
  if (!facts || !view) return null;
  return { ...view, timeline: timeline(facts), actions: orderActions(facts) };
}
