import { and, inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries } from "../../db/schema";
import { kindsWith } from "../../mail/mail-kinds";
import { addDays } from "./clock";
import { STORED_MESSAGE_RETENTION_DAYS } from "./mail-rules";

/**
 * Deletes the test and account e-mails (their message was stored with them) queued more than
 * STORED_MESSAGE_RETENTION_DAYS ago and done with (sent, dead or cancelled); returns how many.
 */
export async function purgeStoredMails(db: DbOrTx, now: Date): Promise<number> {
  const purged = await db
    .delete(emailDeliveries)
    .where(
      and(
        inArray(emailDeliveries.kind, kindsWith("stored")),
        inArray(emailDeliveries.status, ["sent", "failed", "cancelled"]),
        lt(emailDeliveries.createdAt, addDays(now, -STORED_MESSAGE_RETENTION_DAYS)),
      ),
    )
    .returning({ id: emailDeliveries.id });
  return purged.length;
}
