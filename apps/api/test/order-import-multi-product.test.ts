import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, orders } from "../src/db/schema";
import { importLimits } from "../src/modules/orders/order-import-job";
import {
  companyWithTeaProduct,
  createTestApp,
  importOrders,
  SQL_TEST_DATABASES,
  type TestApp,
} from "./helpers";

const PRODUCTS = [
  { sku: "TEA-1", name: "Théière Fonte" },
  { sku: "CUP-1", name: "Tasse Grès" },
  { sku: "POT-1", name: "Boîte à thé" },
];

/**
 * Shopify's export writes one line per product, the buyer's name on the first one only. Orders of
 * 2, 3 and 2 lines over and over put a batch's end (25 lines on PGlite, 500 on PostgreSQL) inside an
 * order; the file also brings, at its very end, a third product of its first order.
 */
describe.each(SQL_TEST_DATABASES)("a multi-product CSV import on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("makes every line an order item and mails each buyer once, across every batch boundary", async () => {
    const { company, auth } = await companyWithTeaProduct(t);
    for (const product of PRODUCTS.slice(1)) {
      const created = await t.inject({
        method: "POST",
        url: "/api/v1/company/products/",
        headers: auth,
        payload: { ...product, status: "active", form_id: company.defaults.formId },
      });
      expect(created.statusCode).toBe(201);
    }
    const batch = importLimits.batchSize[kind];
    const orderCount = Math.max(63, Math.ceil((batch + 20) / 7) * 3);
    const createdAt = new Date(Date.now() - 10 * 86_400_000).toISOString().replace("T", " ").slice(0, 19);
    const lines = ["Name,Email,Created at,Lineitem name,Lineitem sku,Billing Name"];
    const expected = new Map<string, string[]>();
    for (let i = 0; i < orderCount; i++) {
      const reference = `#${1000 + i}`;
      const email = `client${i}@exemple.fr`;
      const items = PRODUCTS.slice(0, i % 3 === 1 ? 3 : 2);
      items.forEach((product, n) => {
        const name = n === 0 ? `Client ${i} Martin` : "";
        lines.push(`${reference},${email},${createdAt} +0000,${product.name},${product.sku},${name}`);
      });
      expected.set(
        reference,
        items.map((p) => p.sku),
      );
    }
    // A line of the first order far from its others (an export sorted by product, a hand-made file).
    lines.push(`#1000,client0@exemple.fr,${createdAt} +0000,${PRODUCTS[2]?.name},POT-1,`);
    expected.get("#1000")?.push("POT-1");
    const lineCount = lines.length - 1;
    expect(lineCount).toBeGreaterThan(batch + 10);

    const job = await importOrders(t, auth, lines.join("\n"));
    expect(job).toMatchObject({
      status: "done",
      processed: lineCount,
      created: lineCount,
      existing: 0,
      refused: 0,
    });

    const kept = await t.ctx.db
      .select({ id: orders.id, reference: orders.reference, line: orders.line, sku: orders.productId })
      .from(orders)
      .where(eq(orders.companyId, company.id));
    const skuById = new Map<string, string>();
    const catalogue = await t.inject({
      method: "GET",
      url: "/api/v1/company/products/?limit=100",
      headers: auth,
    });
    for (const p of (catalogue.json() as { results: { id: string; sku: string }[] }).results)
      skuById.set(p.id, p.sku);
    const byReference = new Map<string, string[]>();
    for (const row of [...kept].sort((a, b) => a.line - b.line)) {
      byReference.set(row.reference, [
        ...(byReference.get(row.reference) ?? []),
        skuById.get(row.sku) ?? "?",
      ]);
    }
    expect(Object.fromEntries(byReference)).toEqual(Object.fromEntries(expected));

    const requests = await t.ctx.db
      .select({ orderId: emailDeliveries.orderId })
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.companyId, company.id), eq(emailDeliveries.kind, "request")));
    expect(requests).toHaveLength(orderCount);

    // The real SMTP server receives one request per order, listing all its products.
    const deadline = Date.now() + 60_000;
    while (t.smtp.messages.filter((m) => m.to[0]?.startsWith("client")).length < orderCount) {
      if (Date.now() > deadline) throw new Error(`${t.smtp.messages.length} mails only`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < orderCount; i++) {
      const mails = t.smtp.mailsTo(`client${i}@exemple.fr`);
      expect(mails, `client${i}`).toHaveLength(1);
      const names = (expected.get(`#${1000 + i}`) ?? []).map(
        (sku) => PRODUCTS.find((p) => p.sku === sku)?.name,
      );
      for (const name of names) expect(mails[0]?.text, `client${i}`).toContain(name);
    }
  }, 120_000);
});
