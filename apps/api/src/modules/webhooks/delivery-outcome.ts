import { isWebhookDelivered, shouldDisableWebhookEndpoint, webhookRetryDelayMs } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { Finished } from "../../lib/leased-queue";
import type { Attempt, ClaimedWebhook } from "./delivery-attempt";
import { queueEndpointDisabledMail } from "./disabled-mail";

export interface WebhookOutcomes {
  delivered: number;
  retry: number;
  failed: number;
}
export type WebhookOutcome = keyof WebhookOutcomes;
export const WEBHOOK_OUTCOMES: readonly WebhookOutcome[] = ["delivered", "retry", "failed"];

type Log = (message: string, extra?: Record<string, unknown>) => void;

/**
 * What one attempt leaves: a 2xx is delivered, anything else is retried on the domain's schedule,
 * then failed; once recorded, the endpoint's streak of failures (after 5 days of them the endpoint is
 * disabled, its waiting deliveries failed and its admins e-mailed).
 */
export function webhookOutcome(
  item: ClaimedWebhook,
  result: Attempt,
  now: Date,
  settingsUrl: string,
  log: Log,
): Finished<typeof webhookDeliveries, WebhookOutcome> {
  const delivered = result.statusCode !== null && isWebhookDelivered(result.statusCode);
  const delay = delivered ? null : webhookRetryDelayMs(item.attempts);
  const outcome: WebhookOutcome = delivered ? "delivered" : delay !== null ? "retry" : "failed";
  return {
    outcome,
    record: {
      status: outcome === "retry" ? "scheduled" : outcome,
      nextAttemptAt: delay !== null ? new Date(now.getTime() + delay) : null,
      deliveredAt: delivered ? now : null,
      lastStatusCode: result.statusCode,
      lastDurationMs: result.durationMs,
      lastError: result.error,
    },
    andThen: async (tx) => {
      if (delivered) {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, item.endpoint.id));
        return undefined;
      }
      return (await failingStreak(tx, item.endpoint.id, now, settingsUrl, log)) ? "failed" : undefined;
    },
  };
}

/** Counts a failure in the endpoint's streak; whether it disabled the endpoint. */
async function failingStreak(
  tx: Tx,
  endpointId: string,
  now: Date,
  settingsUrl: string,
  log: Log,
): Promise<boolean> {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (!endpoint?.enabled || !shouldDisableWebhookEndpoint(endpoint.failingSince, now)) return false;
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now, updatedAt: now })
    .where(
      and(
        eq(webhookEndpoints.id, endpoint.id),
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.disabledAt),
      ),
    )
    .returning();
  if (!disabled) return false;
  await tx
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, lastError: fr.server.webhooks.error.endpointDisabled })
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "scheduled")));
  await queueEndpointDisabledMail(tx, disabled, settingsUrl, now);
  log("webhook endpoint disabled after 5 days of failures", { endpointId: endpoint.id });
  return true;
}
