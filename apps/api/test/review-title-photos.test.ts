/**
 * A form's text field marked as the review's title gives the review its `title`; the photos sent with
 * a review reach the staff view, the widget's public answer and the public page.
 */
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
import { fakePng, multipartBody } from "./pipeline/multipart";

const api = (path: string) => `/api/v1${path}`;

const fields = [
  { id: "note", type: "rating", label: "Note", required: true, page: 0, position: 0 },
  {
    id: "headline",
    type: "text",
    label: "En un mot",
    required: false,
    page: 0,
    position: 1,
    review_title: true,
  },
  { id: "title", type: "text", label: "Autre texte", required: false, page: 0, position: 2 },
  { id: "photos", type: "media", label: "Photos", required: false, page: 0, position: 3, max_count: 2 },
];

describe.each(TEST_DATABASES)("review titles and photos on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a title mark on a field that is not a text field, or on two fields", async () => {
    const save = (schema: unknown[]) =>
      t.inject({
        method: "POST",
        url: api("/company/forms/"),
        headers: auth,
        payload: { name: "Titres", title: "Votre avis", schema },
      });
    const onTextarea = await save([fields[0], { ...fields[1], type: "textarea" }]);
    expect(onTextarea.statusCode).toBe(400);
    expect(JSON.stringify(onTextarea.json())).toContain(
      "Seul un champ texte peut servir de titre de l'avis.",
    );
    const twice = await save([fields[0], fields[1], { ...fields[2], review_title: true }]);
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain("Un seul champ peut servir de titre de l'avis.");
  });

  it("takes the title from the marked field, and shows the photos to staff, the widget and the public page", async () => {
    const form = await t.inject({
      method: "POST",
      url: api("/company/forms/"),
      headers: auth,
      payload: { name: "Titres", title: "Votre avis", schema: fields },
    });
    expect(form.statusCode, form.body).toBe(201);
    const formId = form.json().id as string;
    expect(form.json().schema[1]).toMatchObject({ id: "headline", review_title: true });
    const product = await t.inject({
      method: "POST",
      url: api("/company/products/"),
      headers: auth,
      payload: { name: "Lampe Aurore", status: "active", form_id: formId, sku: "LAMP-AURORE" },
    });
    expect(product.statusCode, product.body).toBe(201);
    const order = await t.inject({
      method: "POST",
      url: api("/orders/"),
      headers: { "x-api-key": company.apiKey },
      payload: {
        product_id: product.json().id,
        buyer_email: "lea.bernard@exemple.fr",
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: "CMD-TITRE",
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const key = new URL(order.json().review_url as string).searchParams.get("api_key") ?? "";
    const body = multipartBody(
      { answers: JSON.stringify({ note: 5, headline: "Superbe lumière", title: "pas le titre" }) },
      [{ name: "file:photos", filename: "salon.png", contentType: "image/png", data: fakePng(300) }],
    );
    const submitted = await t.inject({
      method: "POST",
      url: api(`/review/?api_key=${encodeURIComponent(key)}`),
      ...body,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const reviewId = submitted.json().id as string;

    const staff = await t.inject({ method: "GET", url: api("/company/reviews/"), headers: auth });
    const [review] = expectMatchesContract<{
      results: { title: string | null; answers: { id: string; value: unknown }[] }[];
    }>(staff, "companyReviewsList").results;
    expect(review?.title).toBe("Superbe lumière");
    const uploaded = review?.answers.find((a) => a.id === "photos")?.value as { url: string }[];
    expect(uploaded).toHaveLength(1);
    const photoUrl = uploaded[0]?.url ?? "";
    expect(photoUrl).toMatch(/^http.*\/uploads\/reviews\/.+\.png$/);

    const approved = await t.inject({
      method: "PATCH",
      url: api(`/company/reviews/${reviewId}/`),
      headers: auth,
      payload: { status: "approved" },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const publicRes = await t.inject({
      method: "GET",
      url: api(`/public/reviews/?company_id=${company.id}`),
    });
    const publicBody = expectMatchesContract<{ reviews: { title: string | null; photos: string[] }[] }>(
      publicRes,
      "publicReviewsGet",
    );
    expect(publicBody.reviews).toEqual([
      expect.objectContaining({ title: "Superbe lumière", photos: [photoUrl] }),
    ]);

    // Theme templates know the SKU: it stands for product_id.
    const bySku = await t.inject({
      method: "GET",
      url: api(`/public/reviews/?company_id=${company.id}&sku=LAMP-AURORE`),
    });
    expect(
      expectMatchesContract<{ product: { name: string } | null }>(bySku, "publicReviewsGet").product?.name,
    ).toBe("Lampe Aurore");
    expect(bySku.json().reviews).toHaveLength(1);
    const unknownSku = await t.inject({
      method: "GET",
      url: api(`/public/reviews/?company_id=${company.id}&sku=NOPE`),
    });
    expect(unknownSku.statusCode).toBe(404);

    const slug = (await t.inject({ method: "GET", url: api("/company/"), headers: auth })).json().slug;
    const page = await t.inject({ method: "GET", url: `/avis/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h3>Superbe lumière</h3>");
    expect(page.body).toContain(
      `<a href="${photoUrl}" aria-label="Agrandir la photo 1 de l&#x27;avis de Léa B."><img src="${photoUrl}" alt="Photo 1 de l&#x27;avis de Léa B." loading="lazy"`,
    );
  });
});
