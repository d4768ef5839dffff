import { lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookMessages } from "../../db/schema";

/** How long sent events (and their deliveries) are kept: their bodies carry buyers' names and addresses. */
export const WEBHOOK_MESSAGE_RETENTION_DAYS = 30;

/** Deletes the events older than the retention, with their deliveries (cascade). Answers how many. */
export async function purgeWebhookMessages(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_MESSAGE_RETENTION_DAYS * 86_400_000);
  const deleted = await db
    .delete(webhookMessages)
    .where(lt(webhookMessages.createdAt, before))
    .returning({ id: webhookMessages.id });
  return deleted.length;
}
