import { describe, expect, it } from "vitest";
import { orderEmailStatus } from "./order-email-status";

const none = { stop: null, requestSent: false, reminderSent: false, requestFailed: false };

describe("orderEmailStatus", () => {
  it("reads the furthest step, a stop for good winning over what was sent", () => {
    expect(orderEmailStatus(none)).toBe("scheduled");
    expect(orderEmailStatus({ ...none, requestFailed: true })).toBe("failed");
    expect(orderEmailStatus({ ...none, requestSent: true })).toBe("sent");
    expect(orderEmailStatus({ ...none, requestSent: true, reminderSent: true })).toBe("reminded");
    expect(orderEmailStatus({ ...none, requestSent: true, stop: "suppressed" })).toBe("suppressed");
    expect(orderEmailStatus({ ...none, stop: "bounced" })).toBe("bounced");
    expect(orderEmailStatus({ ...none, stop: "skipped" })).toBe("skipped");
  });
});
