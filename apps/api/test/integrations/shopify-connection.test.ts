/**
 * A Shopify connection as Shopify works (issue 44 §13, §16, §17): Shopify signs every webhook with the
 * shop's own secret (shown under the shop's webhook list), never one we generate; the delay starts on
 * one topic, the shop's choice; a signed body replayed under a new event id changes nothing. Deliveries
 * are signed as Shopify signs: `X-Shopify-Hmac-Sha256`, base64 HMAC-SHA256 of the raw body.
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../src/db/schema";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const SHOP_SECRET = "5f3a0c4e9d2b7a1c8e6f4d2b0a9c7e5f3d1b9a7c5e3f1d0b8a6c4e2f0d9b7a5c";
const fixture = () =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, "fixtures", "shopify-orders-paid.json"), "utf8"),
  ) as Record<string, unknown>;
const shopifySign = (body: string, secret: string) =>
  createHmac("sha256", secret).update(body, "utf8").digest("base64");

interface Connection {
  id: string;
  secret: string | null;
  webhook_url: string;
  status: string;
  delay_start: string | null;
}

describe.each(TEST_DATABASES)("a Shopify connection on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let shop: Connection;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function deliver(body: string, topic: string, eventId: string, secret = SHOP_SECRET) {
    const res = await t.inject({
      method: "POST",
      url: new URL(shop.webhook_url).pathname,
      headers: {
        "content-type": "application/json",
        "x-shopify-topic": topic,
        "x-shopify-hmac-sha256": shopifySign(body, secret),
        "x-shopify-shop-domain": "boutique.myshopify.com",
        "x-shopify-api-version": "2025-07",
        "x-shopify-webhook-id": `b54557e4-bdd9-4b37-8a5f-bf7d70${eventId.padStart(6, "0")}`,
        "x-shopify-event-id": eventId,
        "x-shopify-triggered-at": "2026-11-20T10:00:00.000Z",
      },
      payload: body,
    });
    await t.app.integrationEvents.idle();
    return res;
  }
  const view = async () =>
    (
      (await t.inject({ method: "GET", url: "/api/v1/company/integrations/", headers: auth })).json()
        .results as Connection[]
    ).find((c) => c.id === shop.id);
  const log = async () =>
    (
      await t.inject({
        method: "GET",
        url: `/api/v1/company/integrations/${shop.id}/events/`,
        headers: auth,
      })
    ).json().results as { topic: string; outcome: string; reference: string | null; reason: string | null }[];
  const update = (payload: Record<string, unknown>) =>
    t.inject({ method: "PATCH", url: `/api/v1/company/integrations/${shop.id}/`, headers: auth, payload });
  const ordersOf = (reference: string) =>
    t.ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.companyId, company.id), eq(orders.reference, reference), eq(orders.line, 0)));

  const order = (name: string, fulfilled: boolean) =>
    JSON.stringify({
      ...fixture(),
      name,
      fulfillment_status: fulfilled ? "fulfilled" : null,
      fulfillments: fulfilled
        ? [{ id: 255858046, status: "success", created_at: "2026-11-21T09:00:00+01:00" }]
        : [],
    });

  it("generates no secret: the connection waits for the shop's, and says so", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers: auth,
      payload: { platform: "shopify", shop_url: "https://boutique.exemple.fr" },
    });
    expect(res.statusCode, res.body).toBe(201);
    shop = res.json();
    expect(shop).toMatchObject({ secret: null, status: "waiting_secret", delay_start: "fulfilled" });
    const secret = await t.inject({
      method: "GET",
      url: `/api/v1/company/integrations/${shop.id}/secret/`,
      headers: auth,
    });
    expect(secret.statusCode).toBe(404);
  });

  it("logs deliveries refused while the secret is missing, once per quarter of an hour", async () => {
    const body = order("#1001", true);
    expect((await deliver(body, "orders/fulfilled", "1")).statusCode).toBe(401);
    expect((await deliver(body, "orders/fulfilled", "2")).statusCode).toBe(401);
    expect(await log()).toEqual([
      expect.objectContaining({
        topic: "signature",
        outcome: "refused",
        reason:
          "Webhook refusé : indiquez le secret de signature de la boutique Shopify (sous la liste de ses webhooks).",
      }),
    ]);
    expect(await view()).toMatchObject({ status: "waiting_secret" });
  });

  it("takes the shop's secret after the URL; a wrong signature is logged and shown on the status", async () => {
    const short = await update({ secret: "court" });
    expect(short.statusCode).toBe(400);
    const res = await update({ secret: `  ${SHOP_SECRET}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "waiting" });
    expect(res.json()).not.toHaveProperty("secret");
    const owner = await t.inject({
      method: "GET",
      url: `/api/v1/company/integrations/${shop.id}/secret/`,
      headers: auth,
    });
    expect(owner.json()).toEqual({ secret: SHOP_SECRET });

    const body = order("#1002", true);
    expect((await deliver(body, "orders/fulfilled", "3", "secret-d-une-autre-boutique")).statusCode).toBe(
      401,
    );
    expect(await view()).toMatchObject({ status: "signature_refused" });
    expect((await log())[0]).toMatchObject({
      topic: "signature",
      outcome: "refused",
      reason: "Webhook refusé : sa signature ne correspond pas au secret indiqué pour cette boutique.",
    });
  });

  it("starts the delay on fulfilment by default; orders/paid is acknowledged and ignored, in the log", async () => {
    const paid = order("#1003", false);
    expect((await deliver(paid, "orders/paid", "10")).statusCode).toBe(200);
    expect(await ordersOf("#1003")).toHaveLength(0);
    expect((await log())[0]).toMatchObject({
      topic: "orders/paid",
      outcome: "ignored",
      reference: "#1003",
      reason: "Paiement reçu : la demande d'avis part à l'expédition (réglage de la connexion).",
    });
    const fulfilled = order("#1003", true);
    expect((await deliver(fulfilled, "orders/fulfilled", "11")).statusCode).toBe(200);
    expect(await ordersOf("#1003")).toHaveLength(1);
    expect((await log())[0]).toMatchObject({
      topic: "orders/fulfilled",
      outcome: "taken",
      reference: "#1003",
    });
    expect(await view()).toMatchObject({ status: "active" });
  });

  it("starts it on payment when the shop chooses so; fulfilment is then ignored", async () => {
    const res = await update({ delay_start: "paid" });
    expect(res.json()).toMatchObject({ delay_start: "paid", status: "active" });
    expect((await deliver(order("#1004", true), "orders/fulfilled", "20")).statusCode).toBe(200);
    expect(await ordersOf("#1004")).toHaveLength(0);
    expect((await log())[0]).toMatchObject({
      topic: "orders/fulfilled",
      outcome: "ignored",
      reason: "Expédition reçue : la demande d'avis part au paiement (réglage de la connexion).",
    });
    expect((await deliver(order("#1005", false), "orders/paid", "21")).statusCode).toBe(200);
    expect(await ordersOf("#1005")).toHaveLength(1);
  });

  it("logs a signed delivery of a topic it does not take, in French, once per quarter of an hour (issue 42 §3)", async () => {
    const before = (await log()).length;
    const body = JSON.stringify({ id: 706405506930370000, email: "bob@exemple.fr" });
    expect((await deliver(body, "customers/create", "30")).statusCode).toBe(200);
    expect((await deliver(`${body} `, "customers/create", "31")).statusCode).toBe(200);
    const after = await log();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({
      topic: "customers/create",
      outcome: "refused",
      reason:
        "Webhook refusé : le sujet « customers/create » n'est pas pris en charge. Abonnez le webhook aux commandes payées ou traitées.",
    });
  });

  it("recognises a signed delivery replayed under a new event id: answered, nothing changes", async () => {
    const before = await log();
    const body = order("#1006", false);
    expect((await deliver(body, "orders/paid", "30")).statusCode).toBe(200);
    expect(await log()).toHaveLength(before.length + 1);
    expect((await deliver(body, "orders/paid", "31")).statusCode).toBe(200);
    expect((await deliver(body, "orders/paid", "32")).statusCode).toBe(200);
    expect(await log()).toHaveLength(before.length + 1);
    expect(await ordersOf("#1006")).toHaveLength(1);
  });

  it("refuses a secret or a delay start on a connection of another platform", async () => {
    const woo = await t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers: auth,
      payload: { platform: "woocommerce", shop_url: "https://boutique.exemple.fr" },
    });
    const res = await t.inject({
      method: "PATCH",
      url: `/api/v1/company/integrations/${woo.json().id}/`,
      headers: auth,
      payload: { secret: SHOP_SECRET, delay_start: "paid" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      secret: ["Seule une connexion Shopify reçoit le secret de la boutique."],
      delay_start: ["Seule une connexion Shopify choisit le début du délai."],
    });
  });
});
