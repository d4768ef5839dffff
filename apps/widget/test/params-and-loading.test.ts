import { fr } from "@certavis/i18n-fr";
import { describe, expect, it, vi } from "vitest";
import { errorMessageOf, loadReviews } from "../src/features/reviews/api/load-reviews";
import { parseWidgetParams, publicReviewsPath } from "../src/lib/widget-params";
import { publicReviews, review } from "./fixtures";

describe("widget parameters", () => {
  it("reads company, product, header flag and accent colour", () => {
    expect(parseWidgetParams("?company_id=c1&product_id=p1&show_header=1&accent_color=ff0000")).toEqual({
      companyId: "c1",
      productId: "p1",
      sku: null,
      showHeader: true,
      accentColor: "#ff0000",
    });
  });

  it("treats product_id=all or empty as no filter", () => {
    expect(parseWidgetParams("?company_id=c1&product_id=all").productId).toBeNull();
    expect(parseWidgetParams("?company_id=c1&product_id=").productId).toBeNull();
    expect(publicReviewsPath(parseWidgetParams("?company_id=c1&product_id=all"))).toBe(
      "/api/v1/public/reviews/?company_id=c1",
    );
    expect(publicReviewsPath(parseWidgetParams("?company_id=c1&product_id=p1"))).toBe(
      "/api/v1/public/reviews/?company_id=c1&product_id=p1",
    );
  });

  it("accepts a product's sku in place of product_id (theme templates)", () => {
    expect(publicReviewsPath(parseWidgetParams("?company_id=c1&sku=LAMP%20001"))).toBe(
      "/api/v1/public/reviews/?company_id=c1&sku=LAMP+001",
    );
    expect(publicReviewsPath(parseWidgetParams("?company_id=c1&product_id=p1&sku=X"))).toBe(
      "/api/v1/public/reviews/?company_id=c1&product_id=p1",
    );
  });

  it.each([
    ["", "#10b981"],
    ["zzz", "#10b981"],
    ["%23abc", "#abc"],
    ["123456", "#123456"],
  ])("accent_color=%s gives %s", (value, expected) => {
    expect(parseWidgetParams(`?company_id=c1&accent_color=${value}`).accentColor.toLowerCase()).toBe(
      expected,
    );
  });
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("loading reviews", () => {
  it("says 'Paramètre company_id manquant dans l'URL.' without calling the server", async () => {
    const fetchImpl = vi.fn();
    const state = await loadReviews(parseWidgetParams(""), fetchImpl);
    expect(state).toEqual({ kind: "error", message: "Paramètre company_id manquant dans l'URL." });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("returns the reviews", async () => {
    const data = publicReviews([review()]);
    const fetchImpl = vi.fn(async () => jsonResponse(200, data));
    expect(await loadReviews(parseWidgetParams("?company_id=c1"), fetchImpl)).toEqual({
      kind: "ready",
      data,
    });
    expect(fetchImpl).toHaveBeenCalledWith("/api/v1/public/reviews/?company_id=c1", expect.anything());
  });

  it("shows the server detail, else 'Impossible de charger les avis.'", async () => {
    const params = parseWidgetParams("?company_id=c1");
    expect(
      await loadReviews(params, async () => jsonResponse(404, { detail: "Entreprise introuvable." })),
    ).toEqual({
      kind: "error",
      message: "Entreprise introuvable.",
    });
    expect(await loadReviews(params, async () => new Response("oops", { status: 500 }))).toEqual({
      kind: "error",
      message: "Impossible de charger les avis.",
    });
    expect(
      await loadReviews(params, async () => {
        throw new TypeError("network");
      }),
    ).toEqual({ kind: "error", message: fr.errors.widget.loadFailed });
    expect(errorMessageOf({ detail: "  " })).toBe("Impossible de charger les avis.");
  });
});
