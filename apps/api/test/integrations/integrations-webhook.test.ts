/**
 * Orders in without code (issue 23 §2, ARCHITECTURE §10.14): Shopify and WooCommerce push signed
 * webhooks; fixtures are the platforms' documented order objects (Shopify's `orders/paid` sample,
 * WooCommerce REST API's order).
 */
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationEvents, integrations, orders, products } from "../../src/db/schema";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", name), "utf8")) as Record<string, unknown>;
const sign = (body: string, secret: string) => createHmac("sha256", secret).update(body).digest("base64");

interface Connection {
  id: string;
  secret: string | null;
  webhook_url: string;
  status: string;
}

describe.each(TEST_DATABASES)("shop connections on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders((await addMember(t, company, "manager")).access);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function productWithSku(c: TestCompany, name: string, sku: string) {
    await t.ctx.db.insert(products).values({ companyId: c.id, name, sku, status: "active" });
  }

  async function connect(platform: string, extra: Record<string, string> = {}, headers = auth) {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers,
      payload: { platform, shop_url: "https://boutique.exemple.fr/", ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Connection;
  }

  async function deliver(c: Connection, body: string, headers: Record<string, string>) {
    const res = await t.inject({
      method: "POST",
      url: new URL(c.webhook_url).pathname,
      headers: { "content-type": "application/json", ...headers },
      payload: body,
    });
    await t.app.integrationEvents.idle();
    return res;
  }

  async function events(c: Connection) {
    const res = await t.inject({
      method: "GET",
      url: `/api/v1/company/integrations/${c.id}/events/`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as {
      outcome: string;
      reference: string | null;
      reason: string | null;
      order_id: string | null;
      topic: string;
    }[];
  }

  async function connection(c: Connection) {
    const res = await t.inject({ method: "GET", url: "/api/v1/company/integrations/", headers: auth });
    return (res.json().results as (Connection & { last_event_at: string | null })[]).find(
      (r) => r.id === c.id,
    );
  }

  describe("Shopify", () => {
    let shop: Connection;
    /** Shopify's sample, with a second product without SKU (its product id is all we know). */
    const order = fixture("shopify-orders-paid.json");
    const lines = order.line_items as Record<string, unknown>[];
    lines[1] = { ...lines[1], sku: "", product_id: 921728736, title: "Bougie parfumée" };
    const body = JSON.stringify(order);
    /** The same order once fulfilled, as Shopify sends it to `orders/fulfilled`. */
    const fulfilledBody = JSON.stringify({
      ...order,
      fulfillment_status: "fulfilled",
      fulfillments: [{ id: 255858046, status: "success", created_at: "2022-01-03T10:00:00-05:00" }],
    });
    const shopifyHeaders = (
      eventId: string,
      topic = "orders/paid",
      secret = "shpss_secret-de-la-boutique",
      signed = body,
    ) => ({
      "x-shopify-topic": topic,
      "x-shopify-hmac-sha256": sign(signed, secret),
      "x-shopify-event-id": eventId,
      "x-shopify-webhook-id": `webhook-${eventId}`,
      "x-shopify-shop-domain": "boutique.myshopify.com",
    });

    beforeAll(async () => {
      await productWithSku(company, "iPod Nano rose", "IPOD2008PINK");
      // The delay starts at payment here (the default is fulfilment: shopify-connection.test.ts).
      shop = await connect("shopify", { secret: "shpss_secret-de-la-boutique", delay_start: "paid" });
    });

    it("gives the webhook URL and keeps the shop's secret sealed, shown again to admins only", async () => {
      expect(shop.webhook_url).toBe(`${t.publicUrl}/api/v1/integrations/${shop.id}/webhook/`);
      // The shop's own secret is never answered back (issue 44 §13, §21).
      expect(shop.secret).toBeNull();
      expect(shop.status).toBe("waiting");
      const [row] = await t.ctx.db.select().from(integrations).where(eq(integrations.id, shop.id));
      expect(row?.secretSealed).not.toContain("secret-de-la-boutique");
      const url = `/api/v1/company/integrations/${shop.id}/secret/`;
      const manager = await t.inject({ method: "GET", url, headers: auth });
      expect(manager.statusCode).toBe(403);
      const admin = await t.inject({ method: "GET", url, headers: authHeaders(company.owner.access) });
      expect(admin.json()).toEqual({ secret: "shpss_secret-de-la-boutique" });
    });

    it("refuses a missing or wrong signature with 401, records no order and logs the refusal once", async () => {
      const { "x-shopify-hmac-sha256": _, ...unsigned } = shopifyHeaders("evt-bad");
      expect((await deliver(shop, body, unsigned)).statusCode).toBe(401);
      const wrong = await deliver(
        shop,
        body,
        shopifyHeaders("evt-bad", "orders/paid", "un-autre-secret-quelconque"),
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ detail: "Signature du webhook absente ou invalide." });
      const tampered = await deliver(shop, body.replace("#9999", "#9998"), shopifyHeaders("evt-bad"));
      expect(tampered.statusCode).toBe(401);
      expect((await events(shop)).map((e) => [e.topic, e.outcome, e.reason])).toEqual([
        [
          "signature",
          "refused",
          "Webhook refusé : sa signature ne correspond pas au secret indiqué pour cette boutique.",
        ],
      ]);
      expect(await connection(shop)).toMatchObject({ status: "signature_refused" });
    });

    it("takes a paid order: one order of two products, the unknown one created, the connection active", async () => {
      const res = await deliver(shop, body, shopifyHeaders("evt-1"));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
      const [event] = await events(shop);
      expect(event).toMatchObject({
        outcome: "taken",
        reference: "#9999",
        reason: null,
        topic: "orders/paid",
      });
      const lines = await t.ctx.db
        .select({
          line: orders.line,
          email: orders.buyerEmail,
          first: orders.buyerFirstName,
          date: orders.orderDate,
          source: orders.source,
          product: products,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(and(eq(orders.companyId, company.id), eq(orders.reference, "#9999")))
        .orderBy(orders.line);
      expect(lines.map((l) => [l.line, l.product.sku, l.product.externalId, l.product.name])).toEqual([
        [0, "IPOD2008PINK", null, "iPod Nano rose"],
        [1, null, "shopify:921728736", "Bougie parfumée"],
      ]);
      expect(lines[0]).toMatchObject({ email: "john@example.com", first: "John", source: "shopify" });
      expect(lines[0]?.date.toISOString()).toBe("2022-01-01T00:00:00.000Z");
      expect(lines[1]?.product).toMatchObject({
        status: "active",
        formId: company.defaults.formId,
        emailRequestTemplateId: company.defaults.requestTemplateId,
      });
      expect(event?.order_id).toBe(
        lines.length
          ? (
              await t.ctx.db
                .select({ id: orders.id })
                .from(orders)
                .where(and(eq(orders.reference, "#9999"), eq(orders.line, 0)))
            )[0]?.id
          : null,
      );
      expect(await connection(shop)).toMatchObject({ status: "active", last_event_at: expect.any(String) });
    });

    it("answers a repeated delivery 200 and changes nothing; the other topic is acknowledged and ignored", async () => {
      expect((await deliver(shop, body, shopifyHeaders("evt-1"))).statusCode).toBe(200);
      expect(await events(shop)).toHaveLength(2);
      const { "x-shopify-event-id": _, ...byWebhookId } = shopifyHeaders(
        "evt-2",
        "orders/fulfilled",
        undefined,
        fulfilledBody,
      );
      expect((await deliver(shop, fulfilledBody, byWebhookId)).statusCode).toBe(200);
      expect((await deliver(shop, fulfilledBody, byWebhookId)).statusCode).toBe(200);
      const log = await events(shop);
      expect(log.map((e) => [e.topic, e.outcome, e.reason])).toEqual([
        [
          "orders/fulfilled",
          "ignored",
          "Expédition reçue : la demande d'avis part au paiement (réglage de la connexion).",
        ],
        ["orders/paid", "taken", null],
        ["signature", "refused", expect.any(String)],
      ]);
      expect(log[0]?.order_id).toBeNull();
      const count = await t.ctx.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.companyId, company.id));
      expect(count).toHaveLength(2);
    });

    it("answers other topics 200, takes nothing and says why in the log (issue 42 §3)", async () => {
      const created = JSON.stringify({ ...order, financial_status: "pending" });
      const headers = shopifyHeaders("evt-3", "orders/create", undefined, created);
      expect((await deliver(shop, created, headers)).statusCode).toBe(200);
      const log = await events(shop);
      expect(log).toHaveLength(4);
      expect(log.filter((event) => event.topic === "orders/create")).toMatchObject([{ outcome: "refused" }]);
    });

    it("refuses an order past the plan's product limit, with the reason, and shows the error", async () => {
      const small = await createCompanyFor(t, await registerVerifiedUser(t));
      for (const n of [1, 2, 3]) await productWithSku(small, `Produit ${n}`, `P-${n}`);
      const headers = authHeaders(small.owner.access);
      const c = await connect(
        "shopify",
        { secret: "shpss_secret-de-la-petite", delay_start: "paid" },
        headers,
      );
      const order = { ...fixture("shopify-orders-paid.json"), name: "#2001" };
      const text = JSON.stringify(order);
      const res = await deliver(c, text, {
        "x-shopify-topic": "orders/paid",
        "x-shopify-hmac-sha256": sign(text, "shpss_secret-de-la-petite"),
        "x-shopify-event-id": "evt-limit",
      });
      expect(res.statusCode).toBe(200);
      const log = await t.inject({
        method: "GET",
        url: `/api/v1/company/integrations/${c.id}/events/`,
        headers,
      });
      expect(log.json().results).toMatchObject([
        {
          outcome: "refused",
          reference: "#2001",
          reason:
            "Produit « IPod Nano - 8GB » non créé : Votre abonnement a atteint la limite de produits (3 produits).",
          order_id: null,
        },
      ]);
      const list = await t.inject({ method: "GET", url: "/api/v1/company/integrations/", headers });
      expect(list.json().results[0].status).toBe("error");
    });

    it("takes an event a crash left leased, once its lease ran out", async () => {
      const text = JSON.stringify({ ...order, name: "#3001" });
      await t.ctx.db.insert(integrationEvents).values({
        integrationId: shop.id,
        companyId: company.id,
        deliveryId: "evt-crash",
        topic: "orders/paid",
        payload: text,
        receivedAt: new Date(Date.now() - 5 * 60_000),
        status: "sending",
        leaseToken: randomUUID(),
        leaseUntil: new Date(Date.now() - 1000),
        attempts: 1,
      });
      await t.app.integrationEvents.idle();
      const [event] = await t.ctx.db
        .select()
        .from(integrationEvents)
        .where(eq(integrationEvents.deliveryId, "evt-crash"));
      expect(event).toMatchObject({
        outcome: "taken",
        reference: "#3001",
        payload: null,
        status: "done",
        attempts: 2,
        leaseToken: null,
      });
    });

    it("disconnects: the webhook answers 404 from then on", async () => {
      const c = await connect("shopify", { secret: "shpss_secret-de-la-boutique" });
      const del = await t.inject({
        method: "DELETE",
        url: `/api/v1/company/integrations/${c.id}/`,
        headers: auth,
      });
      expect(del.statusCode).toBe(204);
      const text = JSON.stringify(order);
      const res = await deliver(c, text, {
        "x-shopify-topic": "orders/fulfilled",
        "x-shopify-hmac-sha256": sign(text, "shpss_secret-de-la-boutique"),
      });
      expect(res.statusCode).toBe(404);
    });

    it("refuses a shop address that is not https, in French", async () => {
      const res = await t.inject({
        method: "POST",
        url: "/api/v1/company/integrations/",
        headers: auth,
        payload: { platform: "shopify", shop_url: "http://boutique.exemple.fr" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        shop_url: ["Indiquez l'adresse https de la boutique (par exemple https://ma-boutique.fr)."],
      });
    });
  });

  describe("WooCommerce", () => {
    let shop: Connection;
    const wooHeaders = (body: string, deliveryId: string) => ({
      "x-wc-webhook-topic": "order.updated",
      "x-wc-webhook-resource": "order",
      "x-wc-webhook-event": "updated",
      "x-wc-webhook-signature": sign(body, shop.secret ?? ""),
      "x-wc-webhook-delivery-id": deliveryId,
      "x-wc-webhook-id": "12",
    });

    beforeAll(async () => {
      // The owner is answered the generated secret (a manager is not: secrets-and-limits.test.ts).
      shop = await connect(
        "woocommerce",
        { secret: "ignored-for-woocommerce-000" },
        authHeaders(company.owner.access),
      );
    });

    it("generates the secret and answers the creation ping", async () => {
      expect(shop.secret).not.toBe("ignored-for-woocommerce-000");
      expect(shop.secret?.length).toBeGreaterThanOrEqual(32);
      const ping = await t.inject({
        method: "POST",
        url: new URL(shop.webhook_url).pathname,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "webhook_id=12",
      });
      expect(ping.statusCode, ping.body).toBe(200);
      expect(await events(shop)).toEqual([]);
    });

    it("ignores an order until it is completed, then takes it once", async () => {
      const processing = JSON.stringify(fixture("woocommerce-order.json"));
      expect((await deliver(shop, processing, wooHeaders(processing, "101"))).statusCode).toBe(200);
      const completed = JSON.stringify({
        ...fixture("woocommerce-order.json"),
        status: "completed",
        // The shop's clock (UTC−3 here, as the fixture's date_created and date_created_gmt say).
        date_completed: "2017-03-25T10:00:00",
        date_completed_gmt: "2017-03-25T13:00:00",
      });
      expect((await deliver(shop, completed, wooHeaders(completed, "102"))).statusCode).toBe(200);
      expect((await deliver(shop, completed, wooHeaders(completed, "102"))).statusCode).toBe(200);
      const log = await events(shop);
      expect(log.map((e) => [e.outcome, e.reference, e.reason])).toEqual([
        ["taken", "727", null],
        ["ignored", "727", "Commande au statut « processing » : prise en compte une fois terminée."],
      ]);
      const lines = await t.ctx.db
        .select({
          sku: products.sku,
          externalId: products.externalId,
          date: orders.orderDate,
          email: orders.buyerEmail,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(and(eq(orders.companyId, company.id), eq(orders.reference, "727")))
        .orderBy(orders.line);
      expect(lines).toEqual([
        {
          sku: null,
          externalId: "woocommerce:93",
          date: new Date("2017-03-25T13:00:00Z"),
          email: "john.doe@example.com",
        },
        {
          sku: "Bar3",
          externalId: null,
          date: new Date("2017-03-25T13:00:00Z"),
          email: "john.doe@example.com",
        },
      ]);
    });

    it("refuses a wrong signature", async () => {
      const body = JSON.stringify(fixture("woocommerce-order.json"));
      const res = await deliver(shop, body, {
        ...wooHeaders(body, "103"),
        "x-wc-webhook-signature": sign(body, "autre"),
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
