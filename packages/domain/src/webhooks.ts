/** The events a company's webhook endpoint can subscribe to (ARCHITECTURE §10.14). */
export const WEBHOOK_EVENT_TYPES = [
  "review.submitted",
  "review.published",
  "review.rejected",
  "review.withdrawn",
  "review.replied",
  "review.erased",
  "order.created",
  "order.erased",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === "string" && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * Whether an endpoint subscribed to `events` receives an event of `type`: those it chose, and an
 * erasure whenever it may hold a copy of the erased data (GDPR art. 19: every recipient is told), that
 * is `review.erased` with any `review.*` event, `order.erased` with `order.created`.
 */
export function webhookEndpointReceives(events: readonly string[], type: WebhookEventType): boolean {
  if (events.includes(type)) return true;
  if (type === "review.erased") return events.some((event) => event.startsWith("review."));
  if (type === "order.erased") return events.includes("order.created");
  return false;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Waits before each retry of a failed delivery (Standard Webhooks' usual schedule): after the first
 * attempt 5 s, then 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; 8 attempts over about 28 hours.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** The wait after failed attempt number `attempt` (1-based); null once the retries are used up. */
export function webhookRetryDelayMs(attempt: number): number | null {
  return WEBHOOK_RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** An endpoint whose deliveries have all failed for this long is disabled (its admins are told). */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * HOUR;

/** Whether an endpoint failing since `failingSince` is disabled by a failure at `now`. */
export function shouldDisableWebhookEndpoint(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS;
}

/** How long one attempt may take, answer included. */
export const WEBHOOK_TIMEOUT_MS = 10 * SECOND;

/**
 * Attempts in flight at once to one endpoint, all instances together: a slow receiver holds at most
 * these places, never the queue.
 */
export const WEBHOOK_ENDPOINT_CONCURRENCY = 4;

/** A 2xx answer is a delivery; anything else (3xx included: redirects are not followed) is retried. */
export function isWebhookDelivered(status: number): boolean {
  return status >= 200 && status < 300;
}
