/**
 * Orders held by a draft product (issue 42 §2): once the product is active, the owner is offered to
 * send their requests, those still within the review window (not older than 30 days).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, orders } from "../src/db/schema";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  importOrders,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
} from "./helpers";

const pad = (n: number) => String(n).padStart(2, "0");
const daysAgo = (days: number) => {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};

describe.each(TEST_DATABASES)("requests held by a draft product on %s", (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
    const product = await t.inject({
      method: "POST",
      url: "/api/v1/company/products/",
      headers: auth,
      payload: { name: "Vase Brouillon", status: "draft", sku: "VASE-BR", form_id: company.defaults.formId },
    });
    expect(product.statusCode).toBe(201);
    productId = product.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const held = () =>
    t.inject({ method: "GET", url: `/api/v1/company/products/${productId}/held-requests/`, headers: auth });

  it("says how many orders the import records without e-mail, and why; then offers to send those still in the window", async () => {
    const job = await importOrders(
      t,
      auth,
      [
        "reference;sku;buyer_email;buyer_first_name;order_date",
        `H-1;VASE-BR;ana@exemple.fr;Ana;${daysAgo(2)}`,
        `H-2;VASE-BR;bob@exemple.fr;Bob;${daysAgo(10)}`,
        `H-OLD;VASE-BR;cy@exemple.fr;Cy;${daysAgo(45)}`,
      ].join("\n"),
    );
    expect(job).toMatchObject({ status: "done", created: 3 });
    expect((job as unknown as { orders_unmailed: number }).orders_unmailed).toBe(3);

    // Still a draft: nothing to offer.
    expect(expectMatchesContract(await held(), "companyProductsHeldRequestsGet")).toEqual({ orders: 0 });
    const draftSend = await t.inject({
      method: "POST",
      url: `/api/v1/company/products/${productId}/held-requests/`,
      headers: auth,
    });
    expect(draftSend.statusCode).toBe(409);
    expect(draftSend.json()).toEqual({
      detail: "Activez d'abord le produit : ses demandes d'avis partiront ensuite.",
    });

    const activated = await t.inject({
      method: "PATCH",
      url: `/api/v1/company/products/${productId}/`,
      headers: auth,
      payload: { status: "active" },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(expectMatchesContract(await held(), "companyProductsHeldRequestsGet")).toEqual({ orders: 2 });

    const sent = await t.inject({
      method: "POST",
      url: `/api/v1/company/products/${productId}/held-requests/`,
      headers: auth,
    });
    expect(expectMatchesContract(sent, "companyProductsHeldRequestsSend")).toEqual({ orders: 2 });
    const mailed = await t.ctx.db
      .select({ reference: orders.reference, stop: orders.emailStop, kind: emailDeliveries.kind })
      .from(orders)
      .leftJoin(
        emailDeliveries,
        and(eq(emailDeliveries.orderId, orders.id), eq(emailDeliveries.kind, "request")),
      )
      .where(eq(orders.productId, productId))
      .orderBy(orders.reference);
    expect(mailed).toEqual([
      { reference: "H-1", stop: null, kind: "request" },
      { reference: "H-2", stop: null, kind: "request" },
      { reference: "H-OLD", stop: "skipped", kind: null },
    ]);
    // Offered once: nothing is left to send.
    expect(expectMatchesContract(await held(), "companyProductsHeldRequestsGet")).toEqual({ orders: 0 });
  });
});
