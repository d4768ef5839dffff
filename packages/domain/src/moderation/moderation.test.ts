import { describe, expect, it } from "vitest";
import { checkReviewText, reviewTextFingerprint } from "./automatic-checks";
import { appealOutcome, mayDecide, operatorDecision } from "./decisions";
import { moderationInForce, pendingModeration, requestModeration } from "./modes";

const now = new Date("2026-11-28T10:00:00Z");
const shop = { moderation: "shop", requestedAt: null, effectiveAt: null } as const;

describe("moderation modes", () => {
  it("switches to Certavis at once and back to the shop 30 days after it is asked", () => {
    const certavis = requestModeration(shop, "certavis", now);
    expect(certavis).toEqual({ moderation: "certavis", requestedAt: now, effectiveAt: now });
    if (!certavis) throw new Error("unreachable");
    expect(moderationInForce(certavis, now)).toBe("certavis");
    const back = requestModeration(certavis, "shop", now);
    if (!back) throw new Error("unreachable");
    expect(back.effectiveAt?.toISOString()).toBe("2026-12-28T10:00:00.000Z");
    expect(moderationInForce(back, new Date("2026-12-28T09:59:59Z"))).toBe("certavis");
    expect(moderationInForce(back, new Date("2026-12-28T10:00:00Z"))).toBe("shop");
    expect(pendingModeration(back, now)?.mode).toBe("shop");
    expect(requestModeration(back, "shop", now)).toBeNull();
    expect(requestModeration(shop, "shop", now)).toBeNull();
  });
});

describe("automatic checks", () => {
  it("finds contact details, links and insults, each kind once", () => {
    expect(
      checkReviewText(["Écrivez-moi à jean.dupont@example.fr ou au 06 12 34 56 78", "voir www.ailleurs.com"]),
    ).toEqual([
      { kind: "email", match: "jean.dupont@example.fr" },
      { kind: "phone", match: "06 12 34 56 78" },
      { kind: "link", match: "www.ailleurs.com" },
    ]);
    expect(checkReviewText(["Le vendeur est un CONNARD."])).toEqual([{ kind: "insult", match: "connard" }]);
    expect(checkReviewText(["Des crétins !"])).toEqual([{ kind: "insult", match: "cretin" }]);
    expect(checkReviewText(["Très bon produit, livré en 2 jours, emballage soigné. Note 4.5"])).toEqual([]);
    // Words that merely contain an insult are not one.
    expect(checkReviewText(["Une computation consciencieuse"])).toEqual([]);
  });

  it("fingerprints only texts long enough to be copies", () => {
    expect(reviewTextFingerprint("Parfait")).toBeNull();
    expect(reviewTextFingerprint("Très bon produit,  livré vite et bien emballé !")).toBe(
      reviewTextFingerprint("tres bon produit livre vite et bien emballe"),
    );
  });
});

describe("operator decisions", () => {
  it("publishes, keeps and removes by status; only operators remove a published review", () => {
    expect(operatorDecision("publish", "pending")).toBe("published");
    expect(operatorDecision("publish", "approved")).toBeNull();
    expect(operatorDecision("keep", "approved")).toBe("kept");
    expect(operatorDecision("remove", "pending")).toBe("rejected");
    expect(operatorDecision("remove", "approved")).toBe("removed");
    expect(operatorDecision("remove", "withdrawn")).toBeNull();
    expect(mayDecide("shop", "removed")).toBe(false);
    expect(mayDecide("operator", "removed")).toBe(true);
  });

  it("upholds an appeal with keep, overturns it with publish, and removes nothing on appeal", () => {
    expect(appealOutcome("keep")).toBe("upheld");
    expect(appealOutcome("publish")).toBe("overturned");
    expect(appealOutcome("remove")).toBeNull();
  });
});
