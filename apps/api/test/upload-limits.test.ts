/**
 * Issue 14.5: one review submission may not carry more than its plan's total (CROISSANCE 50 Mo), and a
 * file refused for its size is refused with the limit that really applies (never a form's 1000 Mo).
 */
import { SUBMISSION_UPLOAD_MB } from "@certavis/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forms, reviews } from "../src/db/schema";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";
import { fakePng, multipartBody } from "./pipeline/multipart";

const MB = 1024 * 1024;

describe.each(TEST_DATABASES)("upload limits of one review submission (%s)", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let productId: string;
  let reference = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    // A form saved before `max_size_mb` was bounded: 1000 Mo per file, ten files.
    const [form] = await t.ctx.db
      .insert(forms)
      .values({
        companyId: company.id,
        name: "Photos",
        title: "Votre avis",
        schema: [
          { id: "note", type: "rating", label: "Note", required: true, page: 0, position: 0 },
          {
            id: "photos",
            type: "media",
            label: "Photos",
            required: false,
            page: 0,
            position: 1,
            max_size_mb: 1000,
            max_count: 10,
          },
        ],
      })
      .returning({ id: forms.id });
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: authHeaders(company.owner.access),
      payload: { name: "Appareil photo", status: "active", form_id: form?.id },
    });
    expect(product.statusCode, product.body).toBe(201);
    productId = product.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function reviewUrl(): Promise<string> {
    reference += 1;
    const order = await t.inject({
      method: "POST",
      url: "/api/v1/orders/",
      headers: { "x-api-key": company.apiKey },
      payload: {
        product_id: productId,
        buyer_email: `photo${reference}@exemple.fr`,
        buyer_first_name: "Jean",
        buyer_last_name: "Dupont",
        reference: `UPLOAD-${reference}`,
      },
    });
    const key = new URL(order.json().review_url as string).searchParams.get("api_key") ?? "";
    return `/api/v1/review/?api_key=${encodeURIComponent(key)}`;
  }

  function submission(sizes: number[]) {
    return multipartBody(
      { answers: JSON.stringify({ note: 5 }) },
      sizes.map((size, i) => ({
        name: "file:photos",
        filename: `p${i}.png`,
        contentType: "image/png",
        data: fakePng(size),
      })),
    );
  }

  it("says the per-file limit that applies (50 Mo), not the form's 1000 Mo", async () => {
    const body = submission([55 * MB]);
    const response = await t.inject({ method: "POST", url: await reviewUrl(), ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ photos: ["Chaque fichier doit faire au plus 50 Mo."] });
  });

  it("refuses a submission whose files together exceed the plan's total, and keeps nothing", async () => {
    expect(SUBMISSION_UPLOAD_MB.CROISSANCE).toBe(50);
    const url = await reviewUrl();
    const body = submission([20 * MB, 20 * MB, 20 * MB]);
    const response = await t.inject({ method: "POST", url, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ["L'ensemble des fichiers d'un avis doit faire au plus 50 Mo."],
    });
    expect(await t.ctx.db.select().from(reviews).where(eq(reviews.productId, productId))).toHaveLength(0);

    const within = await t.inject({ method: "POST", url, ...submission([20 * MB, 20 * MB]) });
    expect(within.statusCode, within.body).toBe(201);
  });
});
