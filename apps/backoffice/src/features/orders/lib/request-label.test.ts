import { describe, expect, it } from "vitest";
import { requestLabel } from "./request-label";

const at = "2026-12-02T10:00:00.000Z";

describe("requestLabel", () => {
  it("says each state in French with its date or reason (issue 42)", () => {
    expect(requestLabel({ state: "scheduled", at, reason: null })).toBe("Programmé le 2 déc. 2026");
    expect(requestLabel({ state: "sent", at, reason: null })).toBe("Envoyé le 2 déc. 2026");
    expect(requestLabel({ state: "reminded", at, reason: null })).toBe("Relancé le 2 déc. 2026");
    expect(requestLabel({ state: "reviewed", at, reason: null })).toBe("Avis reçu");
    expect(requestLabel({ state: "failed", at, reason: null })).toBe("Échec de l'envoi");
    expect(
      (["product_draft", "unsubscribed", "bounced", "quota_reached"] as const).map((reason) =>
        requestLabel({ state: "skipped", at: null, reason }),
      ),
    ).toEqual([
      "Ignoré : produit en brouillon",
      "Ignoré : acheteur désinscrit",
      "Ignoré : adresse en échec",
      "Ignoré : quota atteint",
    ]);
  });
});
