import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailDeliveries } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { AbortedError, type Finished, type JobHooks, unlessAborted } from "../../lib/leased-queue";
import { DELIVERY_HEADER } from "../../mail/dsn";
import { kindHas } from "../../mail/mail-kinds";
import type { MailMessage } from "../../mail/mailer";
import { smtpRefusalOf, smtpReplyCode } from "../../mail/smtp-refusal";
import { recordBounce } from "./bounce";
import { releaseEmailQuota } from "./email-quota";
import type { RenderedDelivery } from "./mail-render";
import { backoffMs, MAX_ATTEMPTS } from "./mail-rules";

export type DeliveryOutcome = "sent" | "held" | "cancelled" | "retry" | "dead";
export const DELIVERY_OUTCOMES: readonly DeliveryOutcome[] = ["sent", "held", "cancelled", "retry", "dead"];

/** An e-mail leased to one claim, ready to send. */
export interface ClaimedDelivery extends RenderedDelivery {
  id: string;
  /** Including this one. */
  attempts: number;
  /** By the queue's clock: the review links it carries stay valid from then. */
  claimedAt: Date;
}

type Log = (message: string, extra?: Record<string, unknown>) => void;

/** A stored message (an account e-mail's links and codes) is blanked once it has nothing left to send. */
function blanked(kind: string) {
  return kindHas(kind, "stored") ? { textBody: null, htmlBody: null, code: null } : {};
}

/**
 * An e-mail no longer this claim's just before it goes: an unsubscribe or an erasure since the claim
 * cancelled it (its quota unit comes back), or its lease ran out and another worker has it.
 * What remains is the SMTP exchange itself: an address that leaves during it still gets this e-mail.
 */
async function notToSend(db: Db, item: ClaimedDelivery): Promise<DeliveryOutcome> {
  const [current] = await db
    .select({ status: emailDeliveries.status })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.id, item.id));
  const { companyId } = item;
  if (current?.status === "cancelled" && companyId)
    await db.transaction((tx) => releaseEmailQuota(tx, companyId));
  return "cancelled";
}

/**
 * Sends one leased e-mail; its outcome is recorded by lib/leased-queue only while the claim still
 * holds the lease (a worker whose lease ran out and was claimed again records nothing). A failure
 * gives the quota unit back and comes back after the backoff, or is dead after the last attempt.
 * Only a refusal of the recipient (smtp-refusal.ts) is dead at once and, for a buyer's e-mail, a
 * bounce; any other refusal by the server (credentials, sender, content) is retried like a temporary
 * failure and reported to the operators through `alert` (error level): the fault is ours or the
 * server's, not the buyer's.
 */
async function deliver(
  item: ClaimedDelivery,
  send: (message: MailMessage) => Promise<void>,
  now: () => Date,
  log: Log,
  alert: Log,
  keys: KeyRing,
): Promise<Finished<typeof emailDeliveries, DeliveryOutcome>> {
  const { row } = item;
  try {
    // A delivery-status notification arriving later quotes this header: it names the e-mail (bounce.ts).
    await send({ ...item.message, headers: { ...item.message.headers, [DELIVERY_HEADER]: row.id } });
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const refusal = smtpRefusalOf(error);
    const bounced = refusal === "recipient";
    const dead = bounced || item.attempts >= MAX_ATTEMPTS;
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
    return {
      outcome: dead ? "dead" : "retry",
      record: {
        status: dead ? "failed" : "scheduled",
        lastError: message.slice(0, 500),
        scheduledAt: dead ? row.scheduledAt : new Date(now().getTime() + backoffMs(item.attempts)),
        ...(dead ? blanked(row.kind) : {}),
      },
      andThen: async (tx) => {
        // The address first, then the quota: the order in which a claim locks them (an unsubscribe or
        // an erasure suppressing the same address meanwhile never waits on us while we wait on it).
        if (bounced && item.companyId && row.orderId && kindHas(row.kind, "toBuyer")) {
          await recordBounce(
            tx,
            keys,
            { companyId: item.companyId, orderId: row.orderId, address: item.message.to },
            now(),
          );
        }
        // Nothing was sent: the quota unit comes back.
        if (item.companyId) await releaseEmailQuota(tx, item.companyId);
        return undefined;
      },
    };
  }
  return {
    outcome: "sent",
    record: { status: "sent", sentAt: now(), lastError: null, ...blanked(row.kind) },
  };
}

export interface MailJobDeps {
  db: Db;
  send: (message: MailMessage) => Promise<void>;
  now: () => Date;
  log: Log;
  alert: Log;
  keys: () => KeyRing;
}

/** The e-mail queue's jobs: each a send of one leased e-mail (abandoned by `stop({ abort: true })`). */
export const mailJob = (
  deps: MailJobDeps,
): JobHooks<typeof emailDeliveries, ClaimedDelivery, DeliveryOutcome> => ({
  lost: (item) => notToSend(deps.db, item),
  work: (item, lease) =>
    deliver(
      item,
      (message) => unlessAborted(lease.signal, deps.send(message)),
      deps.now,
      deps.log,
      deps.alert,
      deps.keys(),
    ),
});
