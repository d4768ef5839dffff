import { describe, expect, it } from "vitest";
import { canResend, canSendNow, requestState } from "./order-request-state";

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
const base = {
  stop: null,
  anonymized: false,
  productDraft: false,
  reviewedAt: null,
  request: { status: "scheduled", scheduledAt: day(3), sentAt: null },
  reminder: { status: "scheduled", scheduledAt: day(10), sentAt: null },
};

describe("requestState", () => {
  it("reads a review first, then a stop, a draft, what went, what failed or is held", () => {
    expect(requestState(base)).toEqual({ state: "scheduled", at: day(3), reason: null });
    expect(requestState({ ...base, reviewedAt: day(5), stop: "suppressed" }).state).toBe("reviewed");
    expect(requestState({ ...base, stop: "bounced" })).toEqual({
      state: "skipped",
      at: null,
      reason: "bounced",
    });
    expect(requestState({ ...base, stop: "suppressed" }).reason).toBe("unsubscribed");
    expect(requestState({ ...base, stop: "skipped" }).reason).toBe("product_draft");
    expect(requestState({ ...base, productDraft: true }).reason).toBe("product_draft");
    const sent = { status: "sent", scheduledAt: day(3), sentAt: day(3) };
    expect(requestState({ ...base, request: sent })).toEqual({ state: "sent", at: day(3), reason: null });
    expect(requestState({ ...base, request: sent, productDraft: true }).state).toBe("sent");
    expect(requestState({ ...base, request: sent, reminder: { ...sent, sentAt: day(10) } })).toEqual({
      state: "reminded",
      at: day(10),
      reason: null,
    });
    expect(requestState({ ...base, request: { ...base.request, status: "failed" } }).state).toBe("failed");
    expect(requestState({ ...base, request: { ...base.request, status: "held" } }).reason).toBe(
      "quota_reached",
    );
    expect(
      requestState({ ...base, anonymized: true, request: { ...base.request, status: "cancelled" } }).reason,
    ).toBe("erased");
  });

  it("'Envoyer maintenant' for a request not gone; 'Renvoyer' once for a failed one", () => {
    expect(canSendNow(base)).toBe(true);
    expect(canSendNow({ ...base, request: { ...base.request, status: "held" } })).toBe(true);
    expect(canSendNow({ ...base, stop: "suppressed" })).toBe(false);
    expect(canSendNow({ ...base, request: { ...base.request, status: "sent" } })).toBe(false);
    const failed = { ...base.request, status: "failed", resentAt: null };
    expect(canResend({ ...base, request: failed })).toBe(true);
    expect(canResend({ ...base, request: { ...failed, resentAt: day(4) } })).toBe(false);
    expect(canResend({ ...base, request: { ...failed, status: "scheduled" } })).toBe(false);
  });
});
