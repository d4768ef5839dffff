import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, orders } from "../src/db/schema";
import {
  companyWithTeaProduct,
  createTestApp,
  expectMatchesContract,
  type ImportJob,
  TEST_DATABASES,
  type TestApp,
} from "./helpers";

import { multipartBody } from "./pipeline/multipart";

/** 'JJ/MM/AAAA' of `days` days before now, as a French spreadsheet writes it. */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** A file whose buyer columns no alias knows: 'Mail client', 'Acheteur' (full name), 'Article'. */
const CSV = [
  "Commande;Mail client;Acheteur;Article;Date",
  `OLD-1;lea@exemple.fr;Léa Marie Bernard;TEA-1;${daysAgo(60)}`,
  `NEW-1;hugo@exemple.fr;Hugo Lefèvre;TEA-1;${daysAgo(1)}`,
  `BAD-1;zoe(at)exemple.fr;Zoé Martin;NOPE-9;${daysAgo(1)}`,
].join("\r\n");

describe.each(TEST_DATABASES)("order import with a hand-made mapping on %s", (kind) => {
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

  function upload(fields: Record<string, string>, csv = CSV) {
    const body = multipartBody(fields, [
      { name: "file", filename: "export.csv", contentType: "text/csv", data: Buffer.from(csv) },
    ]);
    return t.inject({
      method: "POST",
      url: "/api/v1/company/orders/imports/",
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  }

  it("refuses the file without mapping, naming the missing columns in French", async () => {
    const res = await upload({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      file: [
        "Colonnes manquantes : « E-mail » (buyer_email), « Prénom » (buyer_first_name).",
        "Le fichier doit contenir une colonne « Produit (SKU) » (sku, UGS, Référence produit…), « Nom du produit » (Lineitem name, Nom de l'article…) ou « Produit (id) » (product_id).",
      ],
    });
    const unknown = await upload({ mapping: JSON.stringify({ buyer_email: "Mail" }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().file).toContain(
      "La colonne « Mail » choisie n'existe pas dans l'en-tête du fichier.",
    );
    const unreadable = await upload({ mapping: "[1]" });
    expect(unreadable.statusCode).toBe(400);
    expect(Object.keys(unreadable.json())).toEqual(["mapping"]);
  });

  it("imports with the mapping; old orders are recorded without e-mail when asked", async () => {
    const res = await upload({
      mapping: JSON.stringify({
        buyer_email: "Mail client",
        buyer_full_name: "Acheteur",
        sku: "Article",
      }),
      skip_old_orders: "true",
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().id as string;
    let job: ImportJob & { errors: { line: number; sku?: string }[] };
    for (;;) {
      const got = await t.inject({
        method: "GET",
        url: `/api/v1/company/orders/imports/${id}/`,
        headers: auth,
      });
      job = expectMatchesContract(got, "companyOrderImportsGet");
      if (job.status !== "running") break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(job.created).toBe(2);
    // The refused line shows its SKU.
    expect(job.errors).toEqual([
      { line: 4, sku: "NOPE-9", errors: { buyer_email: ["Veuillez saisir une adresse email valide."] } },
    ]);
    const rows = await t.ctx.db
      .select({
        reference: orders.reference,
        first: orders.buyerFirstName,
        last: orders.buyerLastName,
        stop: orders.emailStop,
        id: orders.id,
      })
      .from(orders)
      .where(eq(orders.companyId, companyId))
      .orderBy(orders.reference);
    const mailed = new Set(
      (await t.ctx.db.select({ orderId: emailDeliveries.orderId }).from(emailDeliveries)).map(
        (d) => d.orderId,
      ),
    );
    expect(rows.map(({ id, ...row }) => ({ ...row, mailed: mailed.has(id) }))).toEqual([
      { reference: "NEW-1", first: "Hugo", last: "Lefèvre", stop: null, mailed: true },
      { reference: "OLD-1", first: "Léa", last: "Marie Bernard", stop: "skipped", mailed: false },
    ]);
  });

  it("reads Shopify's export: products without SKU found by name (or created), Billing Name split, Created at read", async () => {
    const csv = [
      "Name,Email,Created at,Lineitem name,Lineitem sku,Billing Name",
      "#S1,anna@exemple.fr,2026-11-20 14:30:00 +0100,Theiere  FONTE,,Anna Maria Lopez",
      "#S2,bob@exemple.fr,2026-11-20 14:30:00 +0100,Tasse,,Bob Roy",
    ].join("\n");
    const body = multipartBody({}, [
      { name: "file", filename: "orders_export.csv", contentType: "text/csv", data: Buffer.from(csv) },
    ]);
    const done = await t.inject({
      method: "POST",
      url: "/api/v1/company/orders/import/",
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(expectMatchesContract(done, "companyOrdersImport")).toEqual({
      created: 2,
      existing: 0,
      errors: [],
    });
    const [order] = await t.ctx.db
      .select({ first: orders.buyerFirstName, last: orders.buyerLastName, date: orders.orderDate })
      .from(orders)
      .where(eq(orders.reference, "#S1"));
    expect(order).toEqual({ first: "Anna", last: "Maria Lopez", date: new Date("2026-11-20T13:30:00Z") });
  });
});
