import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailDeliveries } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { DELIVERY_HEADER } from "../../mail/dsn";
import { kindHas } from "../../mail/mail-kinds";
import type { MailMessage } from "../../mail/mailer";
import { smtpRefusalOf, smtpReplyCode } from "../../mail/smtp-refusal";
import { recordBounce } from "./bounce";
import { releaseEmailQuota } from "./email-quota";
import { stillLeased } from "./mail-claim";
import type { RenderedDelivery } from "./mail-render";
import { backoffMs, MAX_ATTEMPTS } from "./mail-rules";

export type DeliveryOutcome = "sent" | "held" | "cancelled" | "retry" | "dead";

/** An e-mail leased to one claim (`token`), ready to send. */
export interface ClaimedDelivery extends RenderedDelivery {
  token: string;
  /** Including this one. */
  attempts: number;
}

/** Thrown by a send abandoned by `stop({ abort: true })`: nothing is recorded, the lease runs out. */
export class AbortedError extends Error {
  constructor() {
    super("mail worker stopped");
  }
}

type Log = (message: string, extra?: Record<string, unknown>) => void;

/** A stored message (an account e-mail's links and codes) is blanked once it has nothing left to send. */
function blanked(kind: string) {
  return kindHas(kind, "stored") ? { textBody: null, htmlBody: null, code: null } : {};
}

/**
 * Whether the claim still holds the e-mail just before it goes: an unsubscribe or an erasure since
 * the claim cancelled it (its quota unit comes back), or its lease ran out and another worker has it.
 * What remains is the SMTP exchange itself: an address that leaves during it still gets this e-mail.
 */
async function stillToSend(db: Db, item: ClaimedDelivery): Promise<boolean> {
  const [current] = await db
    .select({ status: emailDeliveries.status, leaseToken: emailDeliveries.leaseToken })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.id, item.row.id));
  if (current?.status === "sending" && current.leaseToken === item.token) return true;
  const { companyId } = item;
  if (current?.status === "cancelled" && companyId)
    await db.transaction((tx) => releaseEmailQuota(tx, companyId));
  return false;
}

/**
 * Sends one leased e-mail and records the outcome, only while the claim still holds the lease (a
 * worker whose lease ran out and was claimed again records nothing). A failure gives the quota unit
 * back and comes back after the backoff, or is dead after the last attempt. Only a refusal of the
 * recipient (smtp-refusal.ts) is dead at once and, for a buyer's e-mail, a bounce; any other refusal
 * by the server (credentials, sender, content) is retried like a temporary failure and reported to
 * the operators through `alert` (error level): the fault is ours or the server's, not the buyer's.
 */
export async function deliver(
  db: Db,
  item: ClaimedDelivery,
  send: (message: MailMessage) => Promise<void>,
  now: () => Date,
  log: Log,
  alert: Log,
  keys: KeyRing,
): Promise<DeliveryOutcome> {
  const { row, token } = item;
  if (!(await stillToSend(db, item))) return "cancelled";
  try {
    // A delivery-status notification arriving later quotes this header: it names the e-mail (bounce.ts).
    await send({ ...item.message, headers: { ...item.message.headers, [DELIVERY_HEADER]: row.id } });
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const refusal = smtpRefusalOf(error);
    const bounced = refusal === "recipient";
    const dead = bounced || item.attempts >= MAX_ATTEMPTS;
    await db.transaction(async (tx) => {
      const [recorded] = await tx
        .update(emailDeliveries)
        .set({
          status: dead ? "failed" : "scheduled",
          leaseUntil: null,
          leaseToken: null,
          lastError: message.slice(0, 500),
          scheduledAt: dead ? row.scheduledAt : new Date(now().getTime() + backoffMs(item.attempts)),
          ...(dead ? blanked(row.kind) : {}),
        })
        .where(stillLeased(row.id, token))
        .returning({ id: emailDeliveries.id });
      // The address first, then the quota: the order in which a claim locks them (an unsubscribe or an
      // erasure suppressing the same address meanwhile never waits on us while we wait on it).
      if (recorded && bounced && item.companyId && row.orderId && kindHas(row.kind, "toBuyer")) {
        await recordBounce(
          tx,
          keys,
          { companyId: item.companyId, orderId: row.orderId, address: item.message.to },
          now(),
        );
      }
      // Nothing was sent: the quota unit comes back.
      if (recorded && item.companyId) await releaseEmailQuota(tx, item.companyId);
    });
    const details = {
      deliveryId: row.id,
      kind: row.kind,
      attempts: item.attempts,
      dead,
      bounced,
      responseCode: smtpReplyCode(error),
      error: message,
    };
    if (refusal === "server")
      alert("SMTP server refused a mail: not the recipient's fault, retried", details);
    else log("mail delivery failed", details);
    return dead ? "dead" : "retry";
  }
  await db
    .update(emailDeliveries)
    .set({
      status: "sent",
      sentAt: now(),
      leaseUntil: null,
      leaseToken: null,
      lastError: null,
      ...blanked(row.kind),
    })
    .where(stillLeased(row.id, token));
  return "sent";
}
