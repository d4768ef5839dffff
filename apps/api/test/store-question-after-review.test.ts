import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";

interface Submitted {
  id: string;
  store_question: { shop_name: string; api_key: string } | null;
}

describe.each(TEST_DATABASES)("the store question after a product review on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let orders = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), {
      name: "Maison Lumière",
      planType: "CROISSANCE",
    });
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: authHeaders(company.owner.access),
      payload: { name: "Lampe Aurore", status: "active", sku: "LAMP-001", form_id: company.defaults.formId },
    });
    expect(product.statusCode, product.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A real order; its review link's key. */
  const order = async () => {
    orders += 1;
    const created = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": company.apiKey },
      payload: {
        sku: "LAMP-001",
        buyer_email: `acheteur-${orders}@exemple.fr`,
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: `CMD-${orders}`,
        order_date: new Date(Date.now() - 86_400_000).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return new URL(created.json<{ review_url: string }>().review_url).searchParams.get("api_key") ?? "";
  };
  const productReview = async (key: string) =>
    expectMatchesContract<Submitted>(
      await t.inject({
        method: "POST",
        url: `/api/v1/review/?api_key=${encodeURIComponent(key)}`,
        payload: { answers: { rating: 5, comment: "Très belle lampe." } },
      }),
      "reviewSubmit",
    );
  const storeReview = (key: string) =>
    t.inject({
      method: "POST",
      url: `/api/v1/review/store/?api_key=${encodeURIComponent(key)}`,
      payload: { rating: 4, title: "", comment: "Colis soigné." },
    });

  it("offers the store question still unanswered after the product review, and it takes the answer", async () => {
    const key = await order();
    const submitted = await productReview(key);
    expect(submitted.store_question).toEqual({ shop_name: "Maison Lumière", api_key: key });
    const answered = await storeReview(submitted.store_question?.api_key ?? "");
    expect(answered.statusCode, answered.body).toBe(201);
    expect(expectMatchesContract<Submitted>(answered, "storeReviewSubmit").store_question).toBeNull();
  });

  it("offers nothing when the store question was answered first, or the company does not collect them", async () => {
    const first = await order();
    expect((await storeReview(first)).statusCode).toBe(201);
    expect((await productReview(first)).store_question).toBeNull();

    const off = await t.inject({
      method: "PATCH",
      url: "/api/v1/company/",
      headers: authHeaders(company.owner.access),
      payload: { store_reviews: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await productReview(await order())).store_question).toBeNull();
  });
});
