import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { forms } from "../../src/db/schema";
import { authHeaders, type TestApp } from "./test-app";
import { createCompanyFor, registerVerifiedUser, type TestCompany } from "./users";

export interface MediaFormProduct {
  company: TestCompany;
  productId: string;
  /** A new order's review link (path and query), ready for a submission. */
  reviewPath(): Promise<string>;
}

/**
 * A CROISSANCE company (uploads allowed) with a product whose form asks a rating (`note`) and has
 * one upload field (`media`: its id, limits, accepted types), inserted as is (even out of bounds).
 */
export async function mediaFormProduct(
  t: TestApp,
  media: { id: string } & Record<string, unknown>,
): Promise<MediaFormProduct> {
  const company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
  const [form] = await t.ctx.db
    .insert(forms)
    .values({
      companyId: company.id,
      name: "Médias",
      title: "Votre avis",
      schema: [
        { id: "note", type: "rating", label: "Note", required: true, page: 0, position: 0 },
        { type: "media", label: "Photos", required: false, page: 0, position: 1, ...media },
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
  const productId = product.json().id as string;
  return {
    company,
    productId,
    async reviewPath() {
      const reference = randomBytes(4).toString("hex");
      const order = await t.inject({
        method: "POST",
        url: "/api/v1/orders/",
        headers: { "x-api-key": company.apiKey },
        payload: {
          product_id: productId,
          buyer_email: `media-${reference}@exemple.fr`,
          buyer_first_name: "Jean",
          buyer_last_name: "Dupont",
          reference: `MEDIA-${reference}`,
        },
      });
      expect(order.statusCode, order.body).toBe(201);
      const key = new URL(order.json().review_url as string).searchParams.get("api_key") ?? "";
      return `/api/v1/review/?api_key=${encodeURIComponent(key)}`;
    },
  };
}
