import { reminderDelayDays, requestDelayDays } from "@certavis/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, emailTemplates } from "../../db/schema";
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
 * Called in the transaction that records the order: the request e-mail (and the reminder when the
 * product asks for one) become due rows of `email_deliveries`, which is both the job queue and the
 * once-per-order-and-kind guard. A crash before commit loses the order and its jobs together.
 */
export async function scheduleOrderEmails(
  tx: DbOrTx,
  order: SchedulableOrder,
  product: SchedulableProduct,
): Promise<{ requestAt: Date; reminderAt: Date | null }> {
  const { rows, requestAt, reminderAt } = orderEmailRows(order, await emailDelays(tx, product));
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

/** After a submission: the reminder is cancelled (unless already sent) and the thanks e-mail queued. */
export async function onReviewSubmitted(tx: DbOrTx, order: SchedulableOrder, now: Date): Promise<void> {
  await tx
    .update(emailDeliveries)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(emailDeliveries.orderId, order.id),
        inArray(emailDeliveries.kind, ["reminder", "request"]),
        inArray(emailDeliveries.status, ["scheduled", "held"]),
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
