import { WEBHOOK_TIMEOUT_MS } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { Webhook } from "standardwebhooks";
import { isOutboundRefusal, type OutboundOptions, outboundFetch } from "../../lib/outbound";
import { webhookMessageId } from "./views";

/** A delivery leased to one claim, ready to post. */
export interface ClaimedWebhook {
  id: string;
  /** Including this one. */
  attempts: number;
  companyId: string;
  messageId: string;
  endpoint: { id: string; url: string; secret: string | null; failingSince: Date | null };
  body: string;
}

export interface Attempt {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Signs the body per Standard Webhooks (`standardwebhooks`) and POSTs it through the outbound guard
 * with a 10 s limit; what the receiver answered, or why nothing was.
 */
export async function attemptWebhook(
  item: ClaimedWebhook,
  outbound: Omit<OutboundOptions, "timeoutMs">,
): Promise<Attempt> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  if (!item.endpoint.secret)
    return { statusCode: null, durationMs: 0, error: fr.server.webhooks.error.network };
  const id = webhookMessageId(item.messageId);
  // The signature's timestamp is the wall clock's: receivers check it against theirs.
  const sentAt = new Date();
  const signature = new Webhook(item.endpoint.secret).sign(id, sentAt, item.body);
  try {
    const response = await outboundFetch(
      item.endpoint.url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Certavis-Webhooks/1.0",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body: item.body,
      },
      { ...outbound, timeoutMs: WEBHOOK_TIMEOUT_MS },
    );
    await response.body?.cancel().catch(() => {});
    return { statusCode: response.status, durationMs: duration(), error: null };
  } catch (error) {
    const texts = fr.server.webhooks.error;
    const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      statusCode: null,
      durationMs: duration(),
      error: isOutboundRefusal(error) ? texts.refused : timeout ? texts.timeout : texts.network,
    };
  }
}
