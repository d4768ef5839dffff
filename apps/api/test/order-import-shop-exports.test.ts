import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, orders, products } from "../src/db/schema";
import { companyWithTeaProduct, createTestApp, importOrders, TEST_DATABASES, type TestApp } from "./helpers";

/** The import job with this counts (orders and products apart, products created, completions). */
interface ShopImportJob {
  status: string;
  created: number;
  existing: number;
  refused: number;
  skipped: number;
  orders_created: number;
  orders_completed: number;
  lines_added: number;
  orders_skipped: number;
  orders_unmailed: number;
  new_products: string[];
  errors: {
    line: number;
    skipped?: boolean;
    sku?: string;
    product_name?: string;
    errors: Record<string, string[]>;
  }[];
}

const pad = (n: number) => String(n).padStart(2, "0");
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
/** Shopify's 'Created at': '2026-11-20 14:30:00 +0100'. */
const shopifyDate = (days: number) => {
  const d = ago(days);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:15:00 +0000`;
};
/** WooCommerce (French site): '20/11/2026 10:15'. */
const wooDate = (days: number) => {
  const d = ago(days);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} 10:15`;
};

/** The header of Shopify's 'Export orders' CSV (its first columns, as Shopify writes them). */
const SHOPIFY_HEADER =
  "Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,Shipping,Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,Lineitem fulfillment status,Billing Name,Billing Street,Billing City,Billing Zip,Billing Country,Vendor,Id";

/** One line of Shopify's export; the order-level fields only on an order's first line, as Shopify does. */
function shopifyLine(
  order: { name: string; email: string; status: string; days: number; buyer: string } | { name: string },
  item: { title: string; sku: string },
): string {
  const head = "email" in order;
  const date = head ? shopifyDate(order.days) : "";
  return [
    order.name,
    head ? order.email : "",
    head ? order.status : "",
    date,
    head ? "fulfilled" : "",
    date,
    head ? "no" : "",
    head ? "EUR" : "",
    head ? "54.00" : "",
    head ? "4.90" : "",
    head ? "9.00" : "",
    head ? "58.90" : "",
    "",
    head ? "0.00" : "",
    head ? "Colissimo" : "",
    date,
    "1",
    item.title,
    "27.00",
    "",
    item.sku,
    "true",
    "true",
    "fulfilled",
    head ? order.buyer : "",
    head ? "12 rue des Potiers" : "",
    head ? "Lyon" : "",
    head ? "'69003" : "",
    head ? "FR" : "",
    "Atelier Grès",
    head ? "5912345678901" : "",
  ].join(",");
}

/** A French WooCommerce export (its 'Exporter les commandes' columns, site in French). */
const WOO_HEADER =
  "N° de commande;Date de la commande;État de la commande;Prénom (facturation);Nom (facturation);E-mail (facturation);Téléphone (facturation);Moyen de paiement;Nom de l'article;UGS;Quantité;Total de la commande";

describe.each(TEST_DATABASES)("a shop's own export imported on day one (issue 42) on %s", (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const made = await companyWithTeaProduct(t);
    auth = made.auth;
    companyId = made.company.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const importFile = (csv: string, fields: Record<string, string> = {}) =>
    importOrders<ShopImportJob>(t, auth, csv, fields, "orders_export.csv");

  const linesOf = (reference: string) =>
    t.ctx.db
      .select({ line: orders.line, product: products.name, status: products.status })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.companyId, companyId), eq(orders.reference, reference)))
      .orderBy(asc(orders.line));

  it("creates a Shopify export's unknown products (active, SKU as reference), skips its refunded order, counts orders and products apart", async () => {
    const csv = [
      SHOPIFY_HEADER,
      shopifyLine(
        { name: "#1001", email: "camille.roux@exemple.fr", status: "paid", days: 2, buyer: "Camille Roux" },
        { title: "Bol Céladon - Grand", sku: "BOL-CEL-G" },
      ),
      shopifyLine({ name: "#1001" }, { title: "Tasse Grès Brut", sku: "" }),
      shopifyLine(
        { name: "#1002", email: "hugo.lefevre@exemple.fr", status: "paid", days: 1, buyer: "Hugo Lefèvre" },
        { title: "Théière Fonte", sku: "TEA-1" },
      ),
      shopifyLine({ name: "#1002" }, { title: "tasse grès  brut", sku: "" }),
      shopifyLine({ name: "#1002" }, { title: "Bol Céladon - Grand", sku: "BOL-CEL-G" }),
      shopifyLine(
        { name: "#1003", email: "zoe.martin@exemple.fr", status: "refunded", days: 1, buyer: "Zoé Martin" },
        { title: "Vase Ondulé", sku: "VASE-OND" },
      ),
      shopifyLine({ name: "#1003" }, { title: "Théière Fonte", sku: "TEA-1" }),
    ].join("\n");
    const job = await importFile(csv);
    expect(job).toMatchObject({
      status: "done",
      orders_created: 2,
      created: 5,
      existing: 0,
      refused: 0,
      skipped: 2,
      orders_skipped: 1,
      orders_unmailed: 0,
      new_products: ["Bol Céladon - Grand", "Tasse Grès Brut"],
    });
    expect(job.errors).toEqual([
      {
        line: 7,
        skipped: true,
        sku: "VASE-OND",
        product_name: "Vase Ondulé",
        errors: { order_status: ["Commande remboursée : ignorée, aucun e-mail ne sera envoyé."] },
      },
      {
        line: 8,
        skipped: true,
        sku: "TEA-1",
        product_name: "Théière Fonte",
        errors: { order_status: ["Commande remboursée : ignorée, aucun e-mail ne sera envoyé."] },
      },
    ]);
    const created = await t.ctx.db
      .select({ name: products.name, sku: products.sku, status: products.status })
      .from(products)
      .where(eq(products.companyId, companyId))
      .orderBy(asc(products.name));
    expect(created).toEqual([
      { name: "Bol Céladon - Grand", sku: "BOL-CEL-G", status: "active" },
      { name: "Tasse Grès Brut", sku: null, status: "active" },
      { name: "Théière Fonte", sku: "TEA-1", status: "active" },
    ]);
    expect(await linesOf("#1002")).toEqual([
      { line: 0, product: "Théière Fonte", status: "active" },
      { line: 1, product: "Tasse Grès Brut", status: "active" },
      { line: 2, product: "Bol Céladon - Grand", status: "active" },
    ]);
    expect(await linesOf("#1003")).toEqual([]);
  });

  it("completes a partially imported order on a re-import, and says what it added", async () => {
    const first = [
      SHOPIFY_HEADER,
      shopifyLine(
        { name: "#2001", email: "ines.petit@exemple.fr", status: "paid", days: 1, buyer: "Inès Petit" },
        { title: "Théière Fonte", sku: "TEA-1" },
      ),
    ].join("\n");
    expect(await importFile(first)).toMatchObject({ orders_created: 1, created: 1 });
    const again = [
      SHOPIFY_HEADER,
      shopifyLine(
        { name: "#2001", email: "ines.petit@exemple.fr", status: "paid", days: 1, buyer: "Inès Petit" },
        { title: "Théière Fonte", sku: "TEA-1" },
      ),
      shopifyLine({ name: "#2001" }, { title: "Assiette Plate", sku: "ASS-PL" }),
      shopifyLine({ name: "#2001" }, { title: "Bol Céladon - Grand", sku: "BOL-CEL-G" }),
    ].join("\n");
    const job = await importFile(again);
    expect(job).toMatchObject({
      status: "done",
      orders_created: 0,
      orders_completed: 1,
      lines_added: 2,
      created: 2,
      existing: 1,
      new_products: ["Assiette Plate"],
    });
    expect(await linesOf("#2001")).toEqual([
      { line: 0, product: "Théière Fonte", status: "active" },
      { line: 1, product: "Assiette Plate", status: "active" },
      { line: 2, product: "Bol Céladon - Grand", status: "active" },
    ]);
    // The order's one request, still due, now lists its three products.
    const [head] = await t.ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.reference, "#2001"), eq(orders.line, 0)));
    const due = await t.ctx.db
      .select({ kind: emailDeliveries.kind, status: emailDeliveries.status })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.orderId, head?.id ?? ""));
    expect(due).toEqual([{ kind: "request", status: "scheduled" }]);
    // A third import of the same file adds nothing.
    expect(await importFile(again)).toMatchObject({ orders_completed: 0, lines_added: 0, existing: 3 });
  });

  it("asks for the added products in a request of their own when the order's request already left", async () => {
    const head = (name: string) =>
      shopifyLine(
        { name, email: "jules.faure@exemple.fr", status: "paid", days: 6, buyer: "Jules Faure" },
        { title: "Théière Fonte", sku: "TEA-1" },
      );
    expect(await importFile([SHOPIFY_HEADER, head("#3001")].join("\n"))).toMatchObject({ orders_created: 1 });
    const [order] = await t.ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.reference, "#3001")));
    // The order's request went out.
    await t.ctx.db
      .update(emailDeliveries)
      .set({ status: "sent", sentAt: new Date() })
      .where(and(eq(emailDeliveries.orderId, order?.id ?? ""), eq(emailDeliveries.kind, "request")));
    const job = await importFile(
      [
        SHOPIFY_HEADER,
        head("#3001"),
        shopifyLine({ name: "#3001" }, { title: "Assiette Plate", sku: "ASS-PL" }),
      ].join("\n"),
    );
    expect(job).toMatchObject({ orders_completed: 1, lines_added: 1 });
    const requests = await t.ctx.db
      .select({ line: orders.line, status: emailDeliveries.status })
      .from(emailDeliveries)
      .innerJoin(orders, eq(orders.id, emailDeliveries.orderId))
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.reference, "#3001"),
          eq(emailDeliveries.kind, "request"),
        ),
      )
      .orderBy(asc(orders.line));
    // The new request is queued (the running worker may already hold it).
    expect(requests).toEqual([
      { line: 0, status: "sent" },
      { line: 1, status: expect.stringMatching(/^(scheduled|sending)$/) },
    ]);
    // Ordered 6 days ago: the new request is due, and asks for the added product only.
    await t.app.pipeline?.drain();
    const mail = await t.smtp.waitForMail(
      (m) => m.to.includes("jules.faure@exemple.fr") && m.text.includes("Assiette Plate"),
      10_000,
    );
    expect(mail?.text).toContain("Assiette Plate");
    expect(mail?.text).not.toContain("Théière Fonte");
  });

  it("reads a French WooCommerce export: 'Date de la commande', cancelled and refunded orders skipped", async () => {
    const csv = [
      WOO_HEADER,
      `4521;${wooDate(3)};Terminée;Léa;Bernard;lea.bernard@exemple.fr;0612345678;Carte bancaire;Théière Fonte;TEA-1;1;89,00`,
      `4521;${wooDate(3)};Terminée;Léa;Bernard;lea.bernard@exemple.fr;0612345678;Carte bancaire;Bol Céladon - Grand;BOL-CEL-G;2;89,00`,
      `4522;${wooDate(2)};Annulée;Paul;Durand;paul.durand@exemple.fr;0698765432;PayPal;Théière Fonte;TEA-1;1;45,00`,
      `4523;${wooDate(2)};Remboursée;Anne;Morel;anne.morel@exemple.fr;;Virement bancaire;Pichet Émaillé;PICH-EM;1;39,00`,
      `4524;${wooDate(1)};En cours;Marc;Lemoine;marc.lemoine@exemple.fr;;Carte bancaire;Pichet Émaillé;PICH-EM;1;39,00`,
    ].join("\r\n");
    const job = await importFile(csv);
    expect(job).toMatchObject({
      status: "done",
      orders_created: 2,
      created: 3,
      skipped: 2,
      orders_skipped: 2,
      refused: 0,
      new_products: ["Pichet Émaillé"],
    });
    expect(job.errors.map((e) => [e.line, e.errors.order_status?.[0]])).toEqual([
      [4, "Commande annulée : ignorée, aucun e-mail ne sera envoyé."],
      [5, "Commande remboursée : ignorée, aucun e-mail ne sera envoyé."],
    ]);
    const [order] = await t.ctx.db
      .select({ date: orders.orderDate })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.reference, "4521")));
    const expected = ago(3);
    expect(order?.date.toISOString().slice(0, 16)).toBe(`${expected.toISOString().slice(0, 10)}T10:15`);
  });

  it("maps any column by hand, the date included", async () => {
    const csv = [
      "Commande;Jour;Client;Prénom;Article",
      `M-1;${wooDate(5).slice(0, 10)};marie@exemple.fr;Marie;TEA-1`,
    ].join("\n");
    const job = await importFile(csv, {
      mapping: JSON.stringify({ order_date: "Jour", buyer_email: "Client", sku: "Article" }),
    });
    expect(job).toMatchObject({ status: "done", orders_created: 1, created: 1 });
    const [order] = await t.ctx.db
      .select({ date: orders.orderDate })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.reference, "M-1")));
    expect(order?.date.toISOString().slice(0, 10)).toBe(ago(5).toISOString().slice(0, 10));
  });
});
