import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { emailDeliveries, orders } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { LEASED_STATUS } from "../../lib/leased-queue";
import { readDsn } from "../../mail/dsn";
import { kindHas } from "../../mail/mail-kinds";
import { isRecipientStatus } from "../../mail/smtp-refusal";
import { suppressAddress } from "../privacy/suppressions";

/** The buyer's address is dead: suppressed for the company (its reminder cancelled), this order bounced. */
export async function recordBounce(
  tx: Tx,
  keys: KeyRing,
  bounce: { companyId: string; orderId: string; address: string },
  at: Date,
): Promise<void> {
  await suppressAddress(tx, keys, bounce.companyId, bounce.address, "bounce", at);
  await tx.update(orders).set({ emailStop: "bounced" }).where(eq(orders.id, bounce.orderId));
}

type Log = (message: string, extra?: Record<string, unknown>) => void;

/**
 * A delivery-status notification received after the SMTP server had accepted the e-mail (the
 * recipient's server refused it later): when it names one of our buyer e-mails (the quoted
 * `X-Certavis-Delivery` header) and says its recipient's address is bad, that e-mail is a bounce,
 * as a refusal at `RCPT TO` is (`failed`, the address suppressed). Any other failure it reports is
 * the sending side's (policy, content): the operators hear of it, nobody is suppressed. A DSN can
 * outrun the sender's own record of the accepted e-mail (the row still leased): it wins, the lease
 * ends with it and the sender then records nothing. Returns the number of bounces recorded.
 */
export async function applyDsn(db: Db, keys: KeyRing, raw: string, at: Date, alert: Log): Promise<number> {
  const { failures, deliveryId } = readDsn(raw);
  if (failures.length === 0 || !deliveryId) return 0;
  const [delivery] = await db
    .select({
      id: emailDeliveries.id,
      kind: emailDeliveries.kind,
      companyId: emailDeliveries.companyId,
      orderId: emailDeliveries.orderId,
      buyerEmail: orders.buyerEmail,
    })
    .from(emailDeliveries)
    .innerJoin(orders, eq(orders.id, emailDeliveries.orderId))
    .where(eq(emailDeliveries.id, deliveryId));
  if (!delivery?.companyId || !delivery.orderId || !delivery.buyerEmail || !kindHas(delivery.kind, "toBuyer"))
    return 0;
  const { companyId, orderId, buyerEmail } = delivery;
  const failure = failures.find((f) => f.recipient === buyerEmail.toLowerCase());
  if (!failure) return 0;
  if (!isRecipientStatus(failure.status)) {
    alert("a delivery-status notification reports a refusal that is not the recipient's", {
      deliveryId,
      status: failure.status,
    });
    return 0;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(emailDeliveries)
      .set({ status: "failed", lastError: `DSN ${failure.status}`, leaseToken: null, leaseUntil: null })
      .where(
        and(
          eq(emailDeliveries.id, deliveryId),
          inArray(emailDeliveries.status, ["sent", "failed", LEASED_STATUS]),
        ),
      );
    await recordBounce(tx, keys, { companyId, orderId, address: buyerEmail }, at);
  });
  return 1;
}
