import { describe, expect, it } from "vitest";
import { apiAs, seed } from "./support/test-api";

describe("test harness: the real API with seeded fixtures", () => {
  it("serves a seeded company's products and reviews to its members only", async () => {
    const { user, company } = await seed.account({ role: "moderator" });
    if (!company) throw new Error("company expected");
    const [product] = await seed.products({ companyId: company.id, products: [{ name: "Savon doux" }] });
    if (!product) throw new Error("product expected");
    await seed.reviews({
      companyId: company.id,
      reviews: [
        { productId: product.id, rating: 4, status: "approved", comment: "Très bien" },
        {
          productId: product.id,
          rating: 2,
          comment: "Bof",
          answers: [{ label: "Qualité", type: "rating", value: 2 }],
        },
      ],
    });
    const list = await apiAs<{
      count: number;
      results: { comment: string; status: string; answers: unknown[] }[];
    }>(user, "/company/reviews/");
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((r) => [r.comment, r.status])).toEqual(
      expect.arrayContaining([
        ["Très bien", "approved"],
        ["Bof", "pending"],
      ]),
    );
    expect(list.body.results.find((r) => r.comment === "Bof")?.answers).toEqual([
      expect.objectContaining({ label: "Qualité", type: "rating", value: 2 }),
    ]);

    const stranger = await seed.account();
    const foreign = await apiAs<{ count: number }>(stranger.user, "/company/reviews/");
    expect(foreign.body.count).toBe(0);
  });

  it("creates users without a company", async () => {
    const { user, company } = await seed.account({ role: null });
    expect(company).toBeNull();
    const reviews = await apiAs(user, "/company/reviews/");
    expect(reviews.status).toBe(403);
  });
});
