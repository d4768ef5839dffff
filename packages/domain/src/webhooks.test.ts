import { describe, expect, it } from "vitest";
import {
  isWebhookDelivered,
  shouldDisableWebhookEndpoint,
  webhookEndpointReceives,
  webhookRetryDelayMs,
} from "./webhooks";

describe("webhook retries", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up", () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7].map((attempt) => (webhookRetryDelayMs(attempt) ?? 0) / 60_000);
    expect(minutes).toEqual([5 / 60, 5, 30, 120, 300, 600, 600]);
    expect(webhookRetryDelayMs(8)).toBeNull();
  });

  it("disables an endpoint after 5 days of failures", () => {
    const since = new Date("2026-01-01T00:00:00Z");
    expect(shouldDisableWebhookEndpoint(since, new Date("2026-01-05T23:59:59Z"))).toBe(false);
    expect(shouldDisableWebhookEndpoint(since, new Date("2026-01-06T00:00:00Z"))).toBe(true);
    expect(shouldDisableWebhookEndpoint(null, new Date("2027-01-01T00:00:00Z"))).toBe(false);
  });

  it("counts only 2xx as delivered", () => {
    expect([200, 204, 299, 301, 400, 500].map(isWebhookDelivered)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("tells an erasure to every endpoint that may hold a copy of the erased data", () => {
    expect(webhookEndpointReceives(["review.published"], "review.erased")).toBe(true);
    expect(webhookEndpointReceives(["order.created"], "review.erased")).toBe(false);
    expect(webhookEndpointReceives(["order.created"], "order.erased")).toBe(true);
    expect(webhookEndpointReceives(["review.published"], "order.erased")).toBe(false);
    expect(webhookEndpointReceives(["review.erased"], "review.erased")).toBe(true);
    expect(webhookEndpointReceives(["review.published"], "review.withdrawn")).toBe(false);
  });
});
