import { orderEmailDelays, reminderDelayDays, requestDelayDays } from "@certavis/domain";
import { and, eq, inArray, isNull, notExists } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, emailTemplates, orders, reviews } from "../../db/schema";
import { addDays } from "./clock";

export type EmailKind = "request" | "reminder" | "thanks";

export interface SchedulableProduct {
  sendReminder: boolean;
  emailRequestTemplateId: string | null;
  emailReminderTemplateId: string | null;
  initialEmailDelayDays: number;
  followUpDelayDays: number;
}

export interface SchedulableOrder {
  id: string;
  companyId: string;
  orderDate: Date;
}

/** Days after the order for the request, and after the request for the reminder (null: no reminder). */
export async function emailDelays(
  tx: DbOrTx,
  product: SchedulableProduct,
): Promise<{ requestAfterDays: number; reminderAfterDays: number | null }> {
  const ids = [product.emailRequestTemplateId, product.emailReminderTemplateId].filter(
    (id): id is string => id !== null,
  );
  const templates = ids.length
    ? await tx
        .select({
          id: emailTemplates.id,
          sendAfter: emailTemplates.sendAfter,
          remindAfter: emailTemplates.remindAfter,
        })
        .from(emailTemplates)
        .where(inArray(emailTemplates.id, ids))
    : [];
  const request = templates.find((t) => t.id === product.emailRequestTemplateId);
  const reminder = templates.find((t) => t.id === product.emailReminderTemplateId);
  const requestAfterDays = requestDelayDays(request, product);
  const reminderAfterDays =
    product.sendReminder && product.emailReminderTemplateId ? reminderDelayDays(reminder, product) : null;
  return { requestAfterDays, reminderAfterDays };
}

/**
 * Called in the transaction that records the order: its one request e-mail (and one reminder when
 * one of its products asks for it) become due rows of `email_deliveries` on the order's head (line
 * 0), which is both the job queue and the once-per-order-and-kind guard. The request is due with the
 * latest of its products' delays, the reminder with the latest reminder after it. A crash before
 * commit loses the order and its jobs together.
 */
export async function scheduleOrderEmails(
  tx: DbOrTx,
  order: SchedulableOrder,
  products: SchedulableProduct[],
): Promise<{ requestAt: Date; reminderAt: Date | null }> {
  const delays = await Promise.all(products.map((product) => emailDelays(tx, product)));
  const { rows, requestAt, reminderAt } = orderEmailRows(order, orderEmailDelays(delays));
  await tx.insert(emailDeliveries).values(rows).onConflictDoNothing();
  return { requestAt, reminderAt };
}

export type EmailDelays = Awaited<ReturnType<typeof emailDelays>>;

/** When the request (and the reminder, when asked) of an order placed at `orderDate` are due. */
export function emailDueDates(
  orderDate: Date,
  { requestAfterDays, reminderAfterDays }: EmailDelays,
): { requestAt: Date; reminderAt: Date | null } {
  const requestAt = addDays(orderDate, requestAfterDays);
  return { requestAt, reminderAt: reminderAfterDays === null ? null : addDays(requestAt, reminderAfterDays) };
}

/** The due `email_deliveries` rows of one order (request, and reminder when asked). */
export function orderEmailRows(
  order: SchedulableOrder,
  delays: EmailDelays,
): { rows: (typeof emailDeliveries.$inferInsert)[]; requestAt: Date; reminderAt: Date | null } {
  const { requestAt, reminderAt } = emailDueDates(order.orderDate, delays);
  const rows: (typeof emailDeliveries.$inferInsert)[] = [
    {
      companyId: order.companyId,
      orderId: order.id,
      kind: "request",
      status: "scheduled",
      scheduledAt: requestAt,
    },
  ];
  if (reminderAt) {
    rows.push({
      companyId: order.companyId,
      orderId: order.id,
      kind: "reminder",
      status: "scheduled",
      scheduledAt: reminderAt,
    });
  }
  return { rows, requestAt, reminderAt };
}

/**
 * After a submission: the order's request and reminder are cancelled (unless already sent) once none
 * of its products is left to review, and the thanks e-mail of this product is queued.
 */
export async function onReviewSubmitted(
  tx: DbOrTx,
  order: SchedulableOrder & { reference: string },
  now: Date,
): Promise<void> {
  const sameOrder = and(eq(orders.companyId, order.companyId), eq(orders.reference, order.reference));
  const unreviewed = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sameOrder,
        isNull(orders.reviewKeyUsedAt),
        notExists(
          tx
            .select({ id: reviews.id })
            .from(reviews)
            .where(and(eq(reviews.orderId, orders.id), eq(reviews.subject, "product"))),
        ),
      ),
    );
  await tx
    .update(emailDeliveries)
    .set({ status: "cancelled" })
    .where(
      and(
        inArray(
          emailDeliveries.orderId,
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(sameOrder, eq(orders.line, 0))),
        ),
        inArray(emailDeliveries.kind, ["reminder", "request"]),
        inArray(emailDeliveries.status, ["scheduled", "held"]),
        notExists(unreviewed),
      ),
    );
  await tx
    .insert(emailDeliveries)
    .values({
      companyId: order.companyId,
      orderId: order.id,
      kind: "thanks",
      status: "scheduled",
      scheduledAt: now,
    })
    .onConflictDoNothing();
}
