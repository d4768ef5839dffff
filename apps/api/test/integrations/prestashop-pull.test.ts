/**
 * PrestaShop is pulled through its Webservice (issue 23 §2, issue 44 §14–15): a fake Webservice on
 * 127.0.0.1 (reached only because the tests run with OUTBOUND_ALLOW_PRIVATE semantics) answers the
 * documented order and customer objects, filtered, sorted and paged as PrestaShop does.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { integrationEvents, integrations, orders, products } from "../../src/db/schema";
import { type PullDeps, pullAllConnections, pullConnection } from "../../src/modules/integrations/pull";
import { integrationSecretCipher } from "../../src/modules/integrations/signing";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";
import { type FakeOrder, type FakePrestashop, startFakePrestashop } from "./fake-prestashop";

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", name), "utf8"));
const API_KEY = "ZQ88PRJX5VWQHCWE4EE7SQ7HPNX00RAJ";
const FIXTURE_ORDERS = fixture("prestashop-orders.json").orders as FakeOrder[];

/**
 * The fixture's first order as order `id`, changed at `dateUpd`, awaiting payment (state 10: recorded
 * in the log as ignored, which is all the cursor needs, and cheaper than creating the order).
 */
const awaitingOrder = (id: number, dateUpd: string): FakeOrder => ({
  ...(FIXTURE_ORDERS[0] as FakeOrder),
  id,
  current_state: "10",
  reference: `REF${String(id).padStart(6, "0")}`,
  date_upd: dateUpd,
});

describe.each(TEST_DATABASES)("PrestaShop pull on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let shop: FakePrestashop;

  beforeAll(async () => {
    shop = await startFakePrestashop(API_KEY);
    shop.customers.set("2", fixture("prestashop-customer.json").customer);
    t = await createTestApp({ kind, config: { outboundAllowPrivate: true } });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
  });
  afterAll(async () => {
    await t?.close();
    await shop?.close();
  });
  beforeEach(() => {
    shop.orders = FIXTURE_ORDERS;
    shop.seen.length = 0;
    shop.delayMs = 0;
    shop.maxInFlight = 0;
    shop.endless = { on: false, written: 0, closed: false };
  });

  const auth = () => authHeaders(company.owner.access);
  const connect = async (apiKey: string, extra: Record<string, unknown> = {}) => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers: auth(),
      payload: { platform: "prestashop", shop_url: shop.url, api_key: apiKey, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string };
  };
  const sync = (id: string) =>
    t.inject({ method: "POST", url: `/api/v1/company/integrations/${id}/sync/`, headers: auth() });
  const log = async (id: string) =>
    (
      await t.inject({
        method: "GET",
        url: `/api/v1/company/integrations/${id}/events/?limit=100`,
        headers: auth(),
      })
    ).json() as {
      count: number;
      results: { topic: string; outcome: string; reference: string | null; reason: string | null }[];
    };
  const deps = (pageSize?: number): PullDeps => ({
    db: t.ctx.db,
    now: t.ctx.now,
    reviewKeySecret: () => t.ctx.keys.currentKey("review-key"),
    notify: () => {},
    keys: t.ctx.keys,
    allowPrivate: true,
    ...(pageSize ? { pageSize } : {}),
  });

  it("takes shipped or delivered orders with their buyer, dated in the shop's timezone, and goes on after the last order read", async () => {
    const c = await connect(API_KEY);
    expect(c).toMatchObject({
      platform: "prestashop",
      webhook_url: null,
      secret: null,
      states: [4, 5],
      timezone: "Europe/Paris",
      status: "waiting",
    });

    // A first pull reads the 30 days before the connection (issue 42 §3): as if made on the fixture's 2026-11-24.
    await t.ctx.db
      .update(integrations)
      .set({ createdAt: new Date("2026-11-24T08:00:00Z") })
      .where(eq(integrations.id, c.id));
    const res = await sync(c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "active" });
    const [list, customer, states] = shop.seen;
    expect(list?.path).toBe("/shop/api/orders");
    expect(list?.query.get("output_format")).toBe("JSON");
    expect(list?.query.get("display")).toBe("full");
    expect(list?.query.get("sort")).toBe("[date_upd_ASC,id_ASC]");
    // 30 days before, on the shop's clock (Paris, UTC+1 since 25 October).
    expect(list?.query.get("filter[date_upd]")).toBe("[2026-10-25 09:00:00,9999-12-31 23:59:59]");
    expect(customer?.path).toBe("/shop/api/customers/2");
    // The states' names, read once for the order in a state not taken.
    expect(states?.path).toBe("/shop/api/order_states");
    expect(shop.seen).toHaveLength(3); // the buyer of both orders, read once

    expect((await log(c.id)).results.map((e) => [e.outcome, e.reference, e.reason])).toEqual(
      expect.arrayContaining([
        ["taken", "XKBKNABJK", null],
        [
          "ignored",
          "OHSATSERP",
          "Commande à l'état « Paiement accepté » : prise en compte une fois expédiée ou livrée.",
        ],
      ]),
    );
    const lines = await t.ctx.db
      .select({
        sku: products.sku,
        externalId: products.externalId,
        name: products.name,
        email: orders.buyerEmail,
        last: orders.buyerLastName,
        date: orders.orderDate,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.companyId, company.id), eq(orders.reference, "XKBKNABJK")))
      .orderBy(orders.line);
    // `date_add` 2026-11-20 10:14:55 is Paris time (CET, UTC+1).
    expect(lines).toEqual([
      {
        sku: "demo_1",
        externalId: null,
        name: "Hummingbird printed t-shirt - Size : S- Color : White",
        email: "pub@prestashop.com",
        last: "DOE",
        date: new Date("2026-11-20T09:14:55Z"),
      },
      {
        sku: null,
        externalId: "prestashop:8",
        name: "Mug Today is a good day",
        email: "pub@prestashop.com",
        last: "DOE",
        date: new Date("2026-11-20T09:14:55Z"),
      },
    ]);

    // The next pull asks for the orders after the last one read: later in its second, then later.
    shop.seen.length = 0;
    await pullConnection(deps(), c.id);
    expect(shop.seen.map((r) => [r.query.get("filter[date_upd]"), r.query.get("filter[id]")])).toEqual([
      ["[2026-11-24 09:30:00]", "[7,999999999999]"],
      ["[2026-11-24 09:30:01,9999-12-31 23:59:59]", null],
    ]);
    expect((await log(c.id)).count).toBe(2);
  });

  it("reads the period the owner chose on the first pull, PrestaShop only", async () => {
    const c = await connect(API_KEY, { first_pull_days: 1 });
    await t.ctx.db
      .update(integrations)
      .set({ createdAt: new Date("2026-11-24T08:00:00Z") })
      .where(eq(integrations.id, c.id));
    shop.seen.length = 0;
    await pullConnection(deps(), c.id);
    expect(shop.seen[0]?.query.get("filter[date_upd]")).toBe("[2026-11-23 09:00:00,9999-12-31 23:59:59]");
    const other = await t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers: auth(),
      payload: { platform: "shopify", shop_url: "https://boutique.myshopify.com", first_pull_days: 30 },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      first_pull_days: ["Seule une connexion PrestaShop choisit la période de sa première synchronisation."],
    });
  });

  it("never stalls on 150 orders changed in the same second (keyset on date_upd, id), with a page of 20", async () => {
    const shared = "2026-12-01 10:00:00";
    shop.orders = [
      ...Array.from({ length: 150 }, (_, i) => awaitingOrder(1000 + i, shared)),
      awaitingOrder(900, "2026-12-01 10:00:01"),
      awaitingOrder(2000, "2026-12-01 10:00:02"),
    ];
    const c = await connect(API_KEY);
    for (let pull = 0; pull < 3; pull++) await pullConnection(deps(20), c.id);
    const results = await t.ctx.db
      .select({ reference: integrationEvents.reference, outcome: integrationEvents.outcome })
      .from(integrationEvents)
      .where(eq(integrationEvents.integrationId, c.id));
    expect(results).toHaveLength(152);
    const references = new Set(results.map((e) => e.reference));
    for (const order of shop.orders) expect(references, String(order.reference)).toContain(order.reference);
    expect(results.every((e) => e.outcome === "ignored")).toBe(true);
    const [row] = await t.ctx.db.select().from(integrations).where(eq(integrations.id, c.id));
    expect([row?.pulledUntil, row?.pulledAfterId]).toEqual(["2026-12-01 10:00:02", 2000]);
  }, 60_000);

  it("stops reading an answer past 4 MB and says so on the connection", async () => {
    shop.endless.on = true;
    const c = await connect(API_KEY);
    const res = await sync(c.id);
    expect(res.json()).toMatchObject({ status: "error" });
    expect((await log(c.id)).results).toMatchObject([
      {
        topic: "pull",
        outcome: "refused",
        reason: "Synchronisation impossible : réponse de la boutique trop volumineuse (plus de 4 Mo).",
      },
    ]);
    await expect.poll(() => shop.endless.closed).toBe(true);
    expect(shop.endless.written).toBeLessThan(16 * 1024 * 1024);
  });

  it("limits 'Synchroniser maintenant' to one per connection and minute, in French", async () => {
    const c = await connect(API_KEY);
    expect((await sync(c.id)).statusCode).toBe(200);
    const again = await sync(c.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toMatch(
      /^Synchronisation déjà lancée il y a moins d'une minute : réessayez dans \d+ s\.$/,
    );
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("pulls many shops a few at a time, not one after the other", async () => {
    shop.orders = [];
    shop.delayMs = 150;
    const others = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
    await t.ctx.db.insert(integrations).values(
      Array.from({ length: 6 }, () => ({
        companyId: others.id,
        platform: "prestashop",
        shopUrl: shop.url,
        secretSealed: integrationSecretCipher(t.ctx.keys).encrypt(API_KEY),
        states: [4, 5],
      })),
    );
    await pullAllConnections(deps(), (error) => {
      throw error;
    });
    expect(shop.maxInFlight).toBeGreaterThan(1);
    expect(shop.maxInFlight).toBeLessThanOrEqual(4);
  });

  it("refuses a connection past the plan's limit, in French", async () => {
    const small = await createCompanyFor(t, await registerVerifiedUser(t));
    const create = () =>
      t.inject({
        method: "POST",
        url: "/api/v1/company/integrations/",
        headers: authHeaders(small.owner.access),
        payload: { platform: "prestashop", shop_url: shop.url, api_key: API_KEY },
      });
    expect((await create()).statusCode).toBe(201);
    const refused = await create();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: "Votre abonnement a atteint la limite de connexions de boutique (1 connexion).",
    });
  });

  it("shows a refused key as an error with its reason in the log", async () => {
    const c = await connect("MAUVAISECLE000");
    const res = await sync(c.id);
    expect(res.json()).toMatchObject({ status: "error" });
    expect((await log(c.id)).results).toMatchObject([
      {
        topic: "pull",
        outcome: "refused",
        reason: "Synchronisation impossible : la boutique a répondu 401.",
      },
    ]);
  });

  it("answers an empty list as nothing to take", async () => {
    shop.orders = [];
    const c = await connect(API_KEY);
    expect((await sync(c.id)).json()).toMatchObject({ status: "active" });
    expect((await log(c.id)).results).toEqual([]);
  });

  it("asks for the key, and refuses to sync a connection that is not pulled", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers: auth(),
      payload: { platform: "prestashop", shop_url: shop.url },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ api_key: ["Indiquez la clé du Webservice PrestaShop."] });
    const woo = await t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers: auth(),
      payload: { platform: "woocommerce", shop_url: "https://boutique.exemple.fr" },
    });
    const refused = await sync(woo.json().id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: "Seules les connexions PrestaShop se synchronisent." });
  });

  it("keeps the timezone and states to PrestaShop connections, and takes no webhook for them", async () => {
    const own = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
    const headers = authHeaders(own.owner.access);
    const create = (payload: Record<string, unknown>) =>
      t.inject({ method: "POST", url: "/api/v1/company/integrations/", headers, payload });
    const update = (id: string, payload: Record<string, unknown>) =>
      t.inject({ method: "PATCH", url: `/api/v1/company/integrations/${id}/`, headers, payload });
    const shopify = (await create({ platform: "shopify", shop_url: "https://boutique.exemple.fr" })).json();
    const refused = await update(shopify.id, { timezone: "Europe/Paris", states: [4] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      timezone: ["Seule une connexion PrestaShop a un fuseau horaire."],
      states: ["Seule une connexion PrestaShop choisit ses états de commande."],
    });
    const pulled = (await create({ platform: "prestashop", shop_url: shop.url, api_key: API_KEY })).json();
    const unknown = await update(pulled.id, { timezone: "Mars/Olympus" });
    expect(unknown.json()).toEqual({ timezone: ["Fuseau horaire inconnu (par exemple Europe/Paris)."] });
    const changed = await update(pulled.id, { timezone: "America/Montreal", states: [5, 5, 4] });
    expect(changed.json()).toMatchObject({
      webhook_url: null,
      timezone: "America/Montreal",
      states: [5, 4],
      delay_start: null,
    });
    const webhook = await t.inject({
      method: "POST",
      url: `/api/v1/integrations/${pulled.id}/webhook/`,
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(webhook.statusCode).toBe(404);
  });
});
