/**
 * PrestaShop is pulled through its Webservice (issue 23 §2): a fake Webservice on 127.0.0.1 (reached
 * only because the tests run with OUTBOUND_ALLOW_PRIVATE semantics) answers the documented order and
 * customer objects.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "../../src/db/schema";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const read = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name), "utf8");
const API_KEY = "ZQ88PRJX5VWQHCWE4EE7SQ7HPNX00RAJ";

describe.each(TEST_DATABASES)("PrestaShop pull on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let shop: Server;
  let shopUrl = "";
  const seen: { path: string; query: URLSearchParams; auth: string | undefined }[] = [];
  let ordersBody = read("prestashop-orders.json");

  beforeAll(async () => {
    shop = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      seen.push({ path: url.pathname, query: url.searchParams, auth: req.headers.authorization });
      res.setHeader("content-type", "application/json");
      if (req.headers.authorization !== `Basic ${Buffer.from(`${API_KEY}:`).toString("base64")}`) {
        res.statusCode = 401;
        res.end('{"errors":[{"code":25,"message":"Can\'t authenticate"}]}');
      } else if (url.pathname === "/shop/api/orders") res.end(ordersBody);
      else if (url.pathname === "/shop/api/customers/2") res.end(read("prestashop-customer.json"));
      else {
        res.statusCode = 404;
        res.end("[]");
      }
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/shop`;
    t = await createTestApp({ kind, config: { outboundAllowPrivate: true } });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => shop?.close(resolve));
  });

  const auth = () => authHeaders(company.owner.access);
  const connect = (apiKey: string) =>
    t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers: auth(),
      payload: { platform: "prestashop", shop_url: shopUrl, api_key: apiKey },
    });
  const sync = (id: string) =>
    t.inject({ method: "POST", url: `/api/v1/company/integrations/${id}/sync/`, headers: auth() });
  const log = async (id: string) =>
    (
      await t.inject({ method: "GET", url: `/api/v1/company/integrations/${id}/events/`, headers: auth() })
    ).json().results as { topic: string; outcome: string; reference: string | null; reason: string | null }[];

  it("takes shipped or delivered orders with their buyer, ignores the others, and goes on from the last change", async () => {
    const created = await connect(API_KEY);
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      platform: "prestashop",
      webhook_url: null,
      secret: null,
      states: [4, 5],
      status: "waiting",
    });

    const res = await sync(c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "active" });
    const [list, customer] = seen;
    expect(list?.path).toBe("/shop/api/orders");
    expect(list?.query.get("output_format")).toBe("JSON");
    expect(list?.query.get("display")).toBe("full");
    expect(list?.query.get("filter[date_upd]")).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
    expect(customer?.path).toBe("/shop/api/customers/2");
    expect(seen).toHaveLength(2); // the buyer of both orders, read once

    expect((await log(c.id)).map((e) => [e.outcome, e.reference, e.reason])).toEqual(
      expect.arrayContaining([
        ["taken", "XKBKNABJK", null],
        ["ignored", "OHSATSERP", "Commande à l'état 2 : prise en compte une fois expédiée ou livrée."],
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
    expect(lines).toEqual([
      {
        sku: "demo_1",
        externalId: null,
        name: "Hummingbird printed t-shirt - Size : S- Color : White",
        email: "pub@prestashop.com",
        last: "DOE",
        date: new Date("2026-11-20T10:14:55Z"),
      },
      {
        sku: null,
        externalId: "prestashop:8",
        name: "Mug Today is a good day",
        email: "pub@prestashop.com",
        last: "DOE",
        date: new Date("2026-11-20T10:14:55Z"),
      },
    ]);

    // The next pull asks from the last change read; the same changes come back and change nothing.
    seen.length = 0;
    expect((await sync(c.id)).statusCode).toBe(200);
    expect(seen[0]?.query.get("filter[date_upd]")).toBe("[2026-11-24 09:30:00,9999-12-31 23:59:59]");
    expect(await log(c.id)).toHaveLength(2);
  });

  it("shows a refused key as an error with its reason in the log", async () => {
    const c = (await connect("MAUVAISECLE000")).json();
    const res = await sync(c.id);
    expect(res.json()).toMatchObject({ status: "error" });
    expect(await log(c.id)).toMatchObject([
      {
        topic: "pull",
        outcome: "refused",
        reason: "Synchronisation impossible : la boutique a répondu 401.",
      },
    ]);
  });

  it("answers an empty list as nothing to take", async () => {
    ordersBody = "[]";
    const c = (await connect(API_KEY)).json();
    expect((await sync(c.id)).json()).toMatchObject({ status: "active" });
    expect(await log(c.id)).toEqual([]);
  });

  it("asks for the key, and refuses to sync a connection that is not pulled", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers: auth(),
      payload: { platform: "prestashop", shop_url: shopUrl },
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
});
