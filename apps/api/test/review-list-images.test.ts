/** Issue 14.7: a product image given by URL shows as that URL in the reviews list, not under /uploads/. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../src/db/schema";
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

const EXTERNAL_IMAGE = "https://x.example/a.png";

describe.each(TEST_DATABASES)("product images in the reviews list (%s)", (kind) => {
  let t: TestApp;
  let company: TestCompany;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps an external image URL as it is", async () => {
    const auth = authHeaders(company.owner.access);
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: auth,
      payload: { name: "Lampe", status: "active", image_url: EXTERNAL_IMAGE },
    });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().id as string;
    await t.ctx.db
      .insert(reviews)
      .values({ companyId: company.id, productId, rating: "4", status: "pending" });

    const list = await t.inject({ method: "GET", url: "/api/v1/company/reviews/", headers: auth });
    const page = expectMatchesContract<{ results: { product: { image: string | null } }[] }>(
      list,
      "companyReviewsList",
    );
    expect(page.results.map((r) => r.product.image)).toEqual([EXTERNAL_IMAGE]);
  });
});
