import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, emailDeliveries, orders, reviews } from "../src/db/schema";
import { companyDashboardStats } from "../src/modules/reviews/company-stats";
import { seedCatalog } from "../src/modules/seed-catalog";
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
import { fakeMp4, fakePng, multipartBody } from "./pipeline/multipart";

describe.each(TEST_DATABASES)("orders and reviews on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let productId: string;

  const api = (path: string) => `/api/v1${path}`;

  async function postOrder(body: Record<string, unknown>, key = company.apiKey) {
    return t.inject({ method: "POST", url: api("/orders/"), headers: { "x-api-key": key }, payload: body });
  }

  function order(reference: string, extra: Record<string, unknown> = {}) {
    return {
      product_id: productId,
      buyer_email: `${reference.toLowerCase()}@exemple.fr`,
      buyer_first_name: "Jean",
      buyer_last_name: "Dupont",
      reference,
      ...extra,
    };
  }

  /** A product of the company with the default form; its id. */
  async function addProduct(name: string, sku: string, status = "active") {
    const res = await t.inject({
      method: "POST",
      url: api("/company/products/"),
      headers: auth,
      payload: { name, status, sku, form_id: company.defaults.formId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  async function keyOf(reviewUrl: string) {
    return new URL(reviewUrl).searchParams.get("api_key") as string;
  }

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
    productId = await addProduct("Théière Fonte", "TEA-1");
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("POST /orders/ (company API key)", () => {
    it("refuses a missing or unknown key (401) and an expired key (403), in French", async () => {
      const none = await t.inject({ method: "POST", url: api("/orders/"), payload: order("A-1") });
      expect(none.statusCode).toBe(401);
      expectMatchesContract(none, "ordersCreate");
      const unknown = await postOrder(order("A-1"), "not-a-key");
      expect(unknown.statusCode).toBe(401);
      expect(expectMatchesContract<{ detail: string }>(unknown, "ordersCreate").detail).toBe(
        "Clé API invalide.",
      );
      const expiring = await createCompanyFor(t, await registerVerifiedUser(t));
      await t.ctx.db
        .update(companies)
        .set({ apiKeyExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(companies.id, expiring.id));
      const expired = await postOrder(order("A-1"), expiring.apiKey);
      expect(expired.statusCode).toBe(403);
      expect(expectMatchesContract<{ detail: string }>(expired, "ordersCreate").detail).toMatch(
        /^Clé API expirée/,
      );
    });

    it("names the product by id or sku, is idempotent on the reference, reports unknown products on their field", async () => {
      const bySku = await postOrder({
        ...order("B-1"),
        product_id: undefined,
        sku: "TEA-1",
        order_date: "2026-11-20",
      });
      expect(bySku.statusCode).toBe(201);
      const created = expectMatchesContract<{
        id: string;
        order_date: string;
        review_url: string;
        review_status: string;
      }>(bySku, "ordersCreate");
      expect(created).toMatchObject({ order_date: "2026-11-20T00:00:00.000Z", review_status: "none" });
      expect(created.review_url).toMatch(/^http:\/\/certavis\.test\/create-reviews\?api_key=[\w-]{43}$/);
      const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, created.id));
      expect(row?.reviewKeyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.reviewKeyHash).not.toContain(await keyOf(created.review_url));

      const repeat = await postOrder({ ...order("B-1"), buyer_first_name: "Autre" });
      expect(repeat.statusCode).toBe(200);
      expect(expectMatchesContract(repeat, "ordersCreate")).toMatchObject({
        id: created.id,
        buyer_first_name: "Jean",
      });

      const noSku = await postOrder({ ...order("B-2"), product_id: undefined, sku: "NOPE" });
      expect(noSku.statusCode).toBe(400);
      expect(expectMatchesContract(noSku, "ordersCreate")).toEqual({ sku: ["Produit introuvable."] });
      const foreign = await createCompanyFor(t, await registerVerifiedUser(t));
      const cross = await postOrder(order("B-3"), foreign.apiKey);
      expect(cross.statusCode).toBe(400);
      expect(cross.json()).toEqual({ product_id: ["Produit introuvable."] });
      const invalid = await postOrder({ ...order("B-4"), buyer_email: "pas-un-email" });
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(expectMatchesContract<object>(invalid, "ordersCreate"))).toContain("buyer_email");

      const list = await t.inject({
        method: "GET",
        url: api(`/company/orders/?product_id=${productId}`),
        headers: auth,
      });
      const page = expectMatchesContract<{ results: { reference: string }[] }>(list, "companyOrdersList");
      expect(page.results.map((o) => o.reference)).toContain("B-1");
    });
    it("takes several products in items: one order, a key per product, errors by position", async () => {
      const vaseId = await addProduct("Vase Bleu", "VASE-2");
      const items = [{ sku: "VASE-2" }, { product_id: productId }, { sku: "VASE-2" }];
      const res = await postOrder({ ...order("M-1"), product_id: undefined, items });
      expect(res.statusCode, res.body).toBe(201);
      const created = expectMatchesContract<{
        id: string;
        product: { name: string };
        items: { id: string; product: { id: string; name: string }; review_status: string }[];
        review_url: string;
        review_urls: string[];
      }>(res, "ordersCreate");
      expect(created.product.name).toBe("Vase Bleu");
      expect(created.items.map((i) => [i.product.name, i.review_status])).toEqual([
        ["Vase Bleu", "none"],
        ["Théière Fonte", "none"],
      ]);
      expect(created.items[0]?.id).toBe(created.id);
      expect(created.review_urls).toHaveLength(2);
      expect(created.review_urls[0]).toBe(created.review_url);
      expect(new Set(await Promise.all(created.review_urls.map(keyOf))).size).toBe(2);

      const repeat = await postOrder({ ...order("M-1"), product_id: undefined, items: [{ sku: "VASE-2" }] });
      expect(repeat.statusCode).toBe(200);
      expect(expectMatchesContract<{ id: string; items: unknown[] }>(repeat, "ordersCreate")).toMatchObject({
        id: created.id,
        items: created.items,
      });

      const unknown = await postOrder({
        ...order("M-2"),
        product_id: undefined,
        items: [{ sku: "VASE-2" }, { sku: "NOPE" }, {}],
      });
      expect(unknown.statusCode).toBe(400);
      expect(expectMatchesContract(unknown, "ordersCreate")).toEqual({
        items: ["Produit 3 : indiquez son product_id ou son sku."],
      });
      const missing = await postOrder({ ...order("M-2"), product_id: undefined, items: [{ sku: "NOPE" }] });
      expect(missing.json()).toEqual({ items: ["Produit 1 introuvable : NOPE."] });
      const tooMany = await postOrder({
        ...order("M-2"),
        items: Array.from({ length: 51 }, () => ({ sku: "VASE-2" })),
      });
      expect(tooMany.statusCode).toBe(400);
      expect((await t.ctx.db.select().from(orders).where(eq(orders.reference, "M-2"))).length).toBe(0);

      const list = await t.inject({
        method: "GET",
        url: api(`/company/orders/?product_id=${productId}`),
        headers: auth,
      });
      const page = expectMatchesContract<{ results: { reference: string; items: unknown[] }[] }>(
        list,
        "companyOrdersList",
      );
      expect(page.results.filter((o) => o.reference === "M-1")).toEqual([
        expect.objectContaining({ items: created.items }),
      ]);
      const byVase = await t.inject({
        method: "GET",
        url: api(`/company/orders/?product_id=${vaseId}`),
        headers: auth,
      });
      expect(byVase.json()).toMatchObject({ count: 1, results: [{ id: created.id }] });

      // Its first product deleted, the order stays with the other one, which takes over its e-mails.
      const removed = await t.inject({
        method: "DELETE",
        url: api(`/company/products/${vaseId}/`),
        headers: auth,
      });
      expect(removed.statusCode).toBe(204);
      const [left] = (await t.ctx.db.select().from(orders).where(eq(orders.reference, "M-1"))).map((o) => [
        o.id,
        o.line,
      ]);
      expect(left).toEqual([created.items[1]?.id, 0]);
      const kept = await t.ctx.db
        .select()
        .from(emailDeliveries)
        .where(eq(emailDeliveries.orderId, created.items[1]?.id ?? ""));
      expect(kept.map((d) => d.kind)).toEqual(["request"]);
      const after = await t.inject({
        method: "GET",
        url: api(`/company/orders/?product_id=${productId}`),
        headers: auth,
      });
      expect(after.json().results.find((o: { reference: string }) => o.reference === "M-1")).toMatchObject({
        id: created.items[1]?.id,
        items: [created.items[1]],
      });
      // The counts come from order_stats, kept by triggers through the insert of two lines, the head's
      // deletion and the next line's promotion: they equal the rows.
      const rows = await t.ctx.db.select().from(orders).where(eq(orders.companyId, company.id));
      expect(after.json().count).toBe(rows.filter((o) => o.productId === productId).length);
      const all = await t.inject({ method: "GET", url: api("/company/orders/"), headers: auth });
      expect(all.json().count).toBe(rows.filter((o) => o.line === 0).length);
    });
    it("after one product of a multi-product order is reviewed, the answer leads to the others", async () => {
      await addProduct("Tasse Émaillée", "TASSE-9");
      await addProduct("Pichet Grès", "PICHET-9");
      const res = await postOrder({
        ...order("M-9"),
        product_id: undefined,
        items: [{ sku: "TASSE-9" }, { sku: "PICHET-9" }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const { review_urls: urls } = res.json() as { review_urls: string[] };
      const submit = (url: string) =>
        t.inject({
          method: "POST",
          url: `/api/v1/review/?api_key=${encodeURIComponent(new URL(url).searchParams.get("api_key") ?? "")}`,
          payload: { answers: { rating: 5 } },
        });
      const first = await submit(urls[0] ?? "");
      expect(first.statusCode, first.body).toBe(201);
      expect(expectMatchesContract(first, "reviewSubmit")).toMatchObject({
        others: [{ product_name: "Pichet Grès", review_url: urls[1] }],
      });
      // The thanks e-mail leads there too.
      const thanks = await t.smtp.waitForMail(
        (m) => m.to.includes("m-9@exemple.fr") && m.subject.startsWith("Merci pour votre avis"),
        10_000,
      );
      expect(thanks.text).toContain(`Et les autres produits de votre commande ?\n- Pichet Grès : ${urls[1]}`);
      expect(thanks.html).toContain(`href="${urls[1]}"`);
      const last = await submit(urls[1] ?? "");
      expect(expectMatchesContract(last, "reviewSubmit")).toMatchObject({ others: [] });
    });

    it("pages the list newest order date first, with or without a product, ties in a stable order", async () => {
      const lampId = await addProduct("Lampe Page", "PAGE-1");
      // One import: its orders share one creation time, and P-0, P-2 and P-4 their order date too.
      const dates = ["2026-01-03", "2026-01-01", "2026-01-03", "2026-01-02", "2026-01-03"];
      const csv = ["reference,sku,buyer_email,buyer_first_name,buyer_last_name,order_date"];
      for (const [i, date] of dates.entries())
        for (const sku of i % 2 ? ["PAGE-1"] : ["TEA-1", "PAGE-1"])
          csv.push(`P-${i},${sku},p${i}@exemple.fr,Léa,Bernard,${date}`);
      const body = multipartBody({}, [
        { name: "file", filename: "pages.csv", contentType: "text/csv", data: Buffer.from(csv.join("\n")) },
      ]);
      const imported = await t.inject({
        method: "POST",
        url: api("/company/orders/import/"),
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
      expect(imported.json()).toMatchObject({ created: 8, errors: [] }); // lines
      const pages = async (query: string) => {
        const references: string[] = [];
        for (let offset = 0; ; offset += 3) {
          const res = await t.inject({
            method: "GET",
            url: api(`/company/orders/?${query}limit=3&offset=${offset}`),
            headers: auth,
          });
          const page: string[] = res.json().results.map((o: { reference: string }) => o.reference);
          if (!page.length) break;
          references.push(...page);
        }
        return references.filter((reference) => reference.startsWith("P-"));
      };
      // Newest order date first; same date and creation time: the greater reference first.
      const newest = ["P-4", "P-2", "P-0", "P-3", "P-1"];
      expect(await pages(`product_id=${lampId}&`)).toEqual(newest);
      expect(await pages("")).toEqual(newest);
      expect(await pages(`product_id=${productId}&`)).toEqual(["P-4", "P-2", "P-0"]);
    });
  });

  describe("CSV import of orders", () => {
    it("keeps the good rows, reports the broken ones by line", async () => {
      const csv = [
        "reference;sku;buyer_email;buyer_first_name;buyer_last_name;order_date",
        "CSV-1;TEA-1;ana@exemple.fr;Ana;Lopez;2026-11-01",
        "CSV-2;TEA-1;pas-un-email;Bob;;2026-11-02",
        "CSV-3;INCONNU;cy@exemple.fr;Cy;Roy;2026-11-03",
        '"CSV-4";TEA-1;"dee@exemple.fr";"Dee; la";Brun;hier',
        "B-1;TEA-1;jean@exemple.fr;Jean;Dupont;",
        "CSV-5;TEA-1;eve@exemple.fr;Ève;Marchal;2026-11-05T10:00:00Z",
      ].join("\r\n");
      const body = multipartBody({}, [
        { name: "file", filename: "commandes.csv", contentType: "text/csv", data: Buffer.from(csv) },
      ]);
      const res = await t.inject({
        method: "POST",
        url: api("/company/orders/import/"),
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      // An unknown SKU is a product the import creates (issue 42 §2).
      expect(expectMatchesContract(res, "companyOrdersImport")).toEqual({
        created: 3,
        existing: 1,
        errors: [
          { line: 3, sku: "TEA-1", errors: { buyer_email: ["Veuillez saisir une adresse email valide."] } },
          {
            line: 5,
            sku: "TEA-1",
            errors: {
              order_date: ["Date invalide : utilisez le format JJ/MM/AAAA, AAAA-MM-JJ ou une date ISO 8601."],
            },
          },
        ],
      });
    });

    it("takes the lines of one reference as the products of one order, with one request e-mail", async () => {
      await addProduct("Bol Grès", "BOL-3");
      const csv = [
        "reference,sku,buyer_email,buyer_first_name,buyer_last_name",
        "CSV-M,TEA-1,mia@exemple.fr,Mia,Roux",
        "CSV-M,BOL-3,mia@exemple.fr,Mia,Roux",
        "CSV-M,TEA-1,mia@exemple.fr,Mia,Roux",
        "B-1,BOL-3,jean@exemple.fr,Jean,Dupont",
      ].join("\n");
      const body = multipartBody({}, [
        { name: "file", filename: "commandes.csv", contentType: "text/csv", data: Buffer.from(csv) },
      ]);
      const res = await t.inject({
        method: "POST",
        url: api("/company/orders/import/"),
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
      // B-1, known with TEA-1, is completed with BOL-3 (issue 42 §2).
      expect(res.json()).toEqual({ created: 3, existing: 1, errors: [] });
      const lines = await t.ctx.db.select().from(orders).where(eq(orders.reference, "CSV-M"));
      expect(lines.map((l) => l.line).sort()).toEqual([0, 1]);
      const head = lines.find((l) => l.line === 0);
      const mails = await t.ctx.db
        .select()
        .from(emailDeliveries)
        .where(
          inArray(
            emailDeliveries.orderId,
            lines.map((l) => l.id),
          ),
        );
      expect(mails.map((m) => [m.orderId, m.kind])).toEqual([[head?.id, "request"]]);
      expect((await t.ctx.db.select().from(orders).where(eq(orders.reference, "B-1"))).length).toBe(2);
      const list = await t.inject({ method: "GET", url: api("/company/orders/"), headers: auth });
      const page = expectMatchesContract<{
        results: { reference: string; items: { product: { name: string } }[] }[];
      }>(list, "companyOrdersList");
      expect(page.results.find((o) => o.reference === "CSV-M")?.items.map((i) => i.product.name)).toEqual([
        "Théière Fonte",
        "Bol Grès",
      ]);
      // One statement inserted heads and further lines (two CTEs): order_stats counted both.
      const rows = await t.ctx.db.select().from(orders).where(eq(orders.companyId, company.id));
      expect(list.json().count).toBe(rows.filter((o) => o.line === 0).length);
      const bol = rows.find((o) => o.reference === "CSV-M" && o.line === 1)?.productId;
      const byBol = await t.inject({
        method: "GET",
        url: api(`/company/orders/?product_id=${bol}`),
        headers: auth,
      });
      expect(byBol.json().count).toBe(rows.filter((o) => o.productId === bol).length);
    });

    it("records an order of draft products without any e-mail (skipped), by the API and the CSV import", async () => {
      const draftId = await addProduct("Lampe Brouillon", "DRAFT-1", "draft");
      const posted = await postOrder({ ...order("D-1"), product_id: draftId });
      expect(posted.statusCode, posted.body).toBe(201);
      expect(expectMatchesContract<{ email_status: string }>(posted, "ordersCreate").email_status).toBe(
        "skipped",
      );
      // A draft beside an active product: the order's request still goes, for the active one.
      const mixed = await postOrder({
        ...order("D-2"),
        product_id: undefined,
        items: [{ sku: "DRAFT-1" }, { sku: "TEA-1" }],
      });
      expect(expectMatchesContract<{ email_status: string }>(mixed, "ordersCreate").email_status).toBe(
        "scheduled",
      );
      const csv = [
        "reference,sku,buyer_email,buyer_first_name,buyer_last_name",
        "D-3,DRAFT-1,lou@exemple.fr,Lou,Roux",
      ];
      const body = multipartBody({}, [
        {
          name: "file",
          filename: "commandes.csv",
          contentType: "text/csv",
          data: Buffer.from(csv.join("\n")),
        },
      ]);
      const imported = await t.inject({
        method: "POST",
        url: api("/company/orders/import/"),
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
      expect(imported.json()).toMatchObject({ created: 1, errors: [] });
      const recorded = await t.ctx.db
        .select({ id: orders.id, reference: orders.reference, stop: orders.emailStop })
        .from(orders)
        .where(inArray(orders.reference, ["D-1", "D-2", "D-3"]));
      expect(recorded.map((o) => [o.reference, o.stop]).sort()).toEqual([
        ["D-1", "skipped"],
        ["D-2", null],
        ["D-2", null],
        ["D-3", "skipped"],
      ]);
      const mails = await t.ctx.db
        .select({ orderId: emailDeliveries.orderId })
        .from(emailDeliveries)
        .where(
          inArray(
            emailDeliveries.orderId,
            recorded.map((o) => o.id),
          ),
        );
      const d2 = recorded.filter((o) => o.reference === "D-2").map((o) => o.id);
      expect(mails.length).toBeGreaterThan(0);
      expect(mails.every((m) => d2.includes(m.orderId ?? ""))).toBe(true);
    });

    it("refuses a file without the required columns or not in UTF-8, saving nothing", async () => {
      const before = await t.ctx.db.select({ id: orders.id }).from(orders);
      const noColumns = multipartBody({}, [
        {
          name: "file",
          filename: "x.csv",
          contentType: "text/csv",
          data: Buffer.from("ref,email\nX-1,x@exemple.fr\n"),
        },
      ]);
      const res = await t.inject({
        method: "POST",
        url: api("/company/orders/import/"),
        headers: { ...auth, ...noColumns.headers },
        payload: noColumns.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(expectMatchesContract(res, "companyOrdersImport")).toEqual({
        file: [
          "Colonnes manquantes : « Prénom » (buyer_first_name).",
          "Le fichier doit contenir une colonne « Produit (SKU) » (sku, UGS, Référence produit…), « Nom du produit » (Lineitem name, Nom de l'article…) ou « Produit (id) » (product_id).",
        ],
      });
      const unterminated = multipartBody({}, [
        {
          name: "file",
          filename: "x.csv",
          contentType: "text/csv",
          data: Buffer.from(
            'reference,sku,buyer_email,buyer_first_name\nQ-1,TEA-1,q1@exemple.fr,Ana\nQ-2,TEA-1,"q2@exemple.fr,Bob\nQ-3,TEA-1,q3@exemple.fr,Cy\n',
          ),
        },
      ]);
      const broken = await t.inject({
        method: "POST",
        url: api("/company/orders/import/"),
        headers: { ...auth, ...unterminated.headers },
        payload: unterminated.payload,
      });
      expect(broken.statusCode).toBe(400);
      expect(expectMatchesContract(broken, "companyOrdersImport")).toEqual({
        file: ["Guillemet non fermé à la ligne 3."],
      });
      const binary = multipartBody({}, [
        {
          name: "file",
          filename: "x.csv",
          contentType: "text/csv",
          data: Buffer.from([0xff, 0xfe, 0x00, 0x41]),
        },
      ]);
      const bad = await t.inject({
        method: "POST",
        url: api("/company/orders/import/"),
        headers: { ...auth, ...binary.headers },
        payload: binary.payload,
      });
      expect(bad.statusCode).toBe(400);
      const missing = multipartBody({ note: "rien" });
      const empty = await t.inject({
        method: "POST",
        url: api("/company/orders/import/"),
        headers: { ...auth, ...missing.headers },
        payload: missing.payload,
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ file: ["Ajoutez un fichier CSV (champ « file »)."] });
      expect(await t.ctx.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    });
  });

  describe("public review form: bad input", () => {
    it("403 for an unknown key; 400 for unknown fields and bad values; uploads by plan, type and size; 413 for a 10 MB body", async () => {
      const unknownKey = await t.inject({ method: "GET", url: api("/review/?api_key=inconnu") });
      expect(unknownKey.statusCode).toBe(403);
      expect(expectMatchesContract<{ detail: string }>(unknownKey, "reviewFormGet").detail).toBe(
        "Lien d'avis invalide ou expiré.",
      );

      const formRes = await t.inject({
        method: "POST",
        url: api("/company/forms/"),
        headers: auth,
        payload: {
          name: "Avec photo",
          title: "Votre avis",
          schema: [
            { id: "note", type: "rating", label: "Note", required: true, page: 0, position: 0 },
            {
              id: "age",
              type: "number",
              label: "Âge",
              required: false,
              page: 0,
              position: 1,
              min: 18,
              max: 99,
            },
            {
              id: "photo",
              type: "media",
              label: "Photo",
              required: false,
              page: 1,
              position: 0,
              max_size_mb: 1,
              max_count: 1,
            },
          ],
        },
      });
      const formId = formRes.json().id;
      await t.inject({
        method: "PATCH",
        url: api(`/company/products/${productId}/`),
        headers: auth,
        payload: { form_id: formId },
      });
      const created = (await postOrder(order("PUB-1"))).json();
      const url = api(`/review/?api_key=${encodeURIComponent(await keyOf(created.review_url))}`);

      const [orderRow] = await t.ctx.db.select().from(orders).where(eq(orders.id, created.id));
      await t.ctx.db
        .update(orders)
        .set({ reviewKeyExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, created.id));
      const expired = await t.inject({ method: "GET", url });
      expect(expired.statusCode).toBe(403);
      expect(expectMatchesContract(expired, "reviewFormGet")).toEqual({
        detail: "Lien d'avis invalide ou expiré.",
      });
      const expiredPost = await t.inject({ method: "POST", url, payload: { answers: { note: 4 } } });
      expect(expiredPost.statusCode).toBe(403);
      await t.ctx.db
        .update(orders)
        .set({ reviewKeyExpiresAt: orderRow?.reviewKeyExpiresAt ?? null })
        .where(eq(orders.id, created.id));
      const loaded = await t.inject({ method: "GET", url });
      expect(expectMatchesContract(loaded, "reviewFormGet")).toMatchObject({
        product: { name: "Théière Fonte" },
        form: { schema: expect.arrayContaining([expect.objectContaining({ id: "photo" })]) },
      });

      const unknownField = await t.inject({
        method: "POST",
        url,
        payload: { answers: { note: 4, couleur: "rouge" } },
      });
      expect(unknownField.statusCode).toBe(400);
      expect(expectMatchesContract(unknownField, "reviewSubmit")).toEqual({
        non_field_errors: ["Réponse à un champ inconnu : couleur."],
      });
      const bounds = await t.inject({ method: "POST", url, payload: { answers: { age: 7 } } });
      expect(bounds.json()).toEqual({
        note: ["Ce champ est obligatoire."],
        age: ["Le nombre doit être compris entre 18 et 99."],
      });

      const fake = multipartBody({ answers: JSON.stringify({ note: 5 }) }, [
        {
          name: "file:photo",
          filename: "x.jpg",
          contentType: "image/jpeg",
          data: Buffer.from("MZ\x90\x00 pas une image"),
        },
      ]);
      const wrongType = await t.inject({ method: "POST", url, headers: fake.headers, payload: fake.payload });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual({ photo: ["Ce type de fichier n'est pas autorisé."] });
      const video = multipartBody({ answers: JSON.stringify({ note: 5 }) }, [
        { name: "file:photo", filename: "v.mp4", contentType: "video/mp4", data: fakeMp4() },
      ]);
      expect(
        (await t.inject({ method: "POST", url, headers: video.headers, payload: video.payload })).json(),
      ).toEqual({
        photo: ["Ce type de fichier n'est pas autorisé."],
      });
      const big = multipartBody({ answers: JSON.stringify({ note: 5 }) }, [
        { name: "file:photo", filename: "big.png", contentType: "image/png", data: fakePng(2 * 1024 * 1024) },
      ]);
      const tooBig = await t.inject({ method: "POST", url, headers: big.headers, payload: big.payload });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json()).toEqual({ photo: ["Chaque fichier doit faire au plus 1 Mo."] });
      const two = multipartBody({ answers: JSON.stringify({ note: 5 }) }, [
        { name: "file:photo", filename: "a.png", contentType: "image/png", data: fakePng() },
        { name: "file:photo", filename: "b.png", contentType: "image/png", data: fakePng() },
      ]);
      const tooMany = await t.inject({ method: "POST", url, headers: two.headers, payload: two.payload });
      expect(tooMany.statusCode).toBe(400);
      expect(expectMatchesContract(tooMany, "reviewSubmit")).toEqual({
        non_field_errors: ["Vous pouvez envoyer au plus 1 fichier."],
      });

      const huge = `{"answers":{"note":5,"pad":"${"x".repeat(10 * 1024 * 1024)}"}}`;
      const tooLarge = await t.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: huge,
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().detail).toBe("La requête est trop volumineuse.");
      expect(await t.ctx.db.select().from(reviews).where(eq(reviews.productId, productId))).toHaveLength(0);

      const good = multipartBody({ answers: JSON.stringify({ note: 4, age: 30 }) }, [
        { name: "file:photo", filename: "lampe.png", contentType: "image/png", data: fakePng() },
      ]);
      const ok = await t.inject({ method: "POST", url, headers: good.headers, payload: good.payload });
      expect(ok.statusCode, ok.body).toBe(201);
      const [review] = await t.ctx.db.select().from(reviews).where(eq(reviews.productId, productId));
      expect(review?.rating).toBe("4.00");
      const photo = (review?.answers.photo as { url: string; content_type: string }[] | undefined)?.[0];
      expect(photo).toMatchObject({ content_type: "image/png" });
      expect(photo?.url).toMatch(/^http:\/\/certavis\.test\/uploads\/reviews\//);
    });

    it("refuses files on a non-upload field, and uploads once the plan no longer allows them", async () => {
      const shop = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
      const headers = authHeaders(shop.owner.access);
      const form = await t.inject({
        method: "POST",
        url: api("/company/forms/"),
        headers,
        payload: {
          name: "Photos",
          title: "Avis",
          schema: [
            { id: "rating", type: "rating", label: "Note", required: true, page: 0, position: 0 },
            { id: "comment", type: "textarea", label: "Avis", required: false, page: 0, position: 1 },
            { id: "photo", type: "media", label: "Photo", required: false, page: 0, position: 2 },
          ],
        },
      });
      const product = await t.inject({
        method: "POST",
        url: api("/company/products/"),
        headers,
        payload: { name: "Photo", form_id: form.json().id },
      });
      const created = await t.inject({
        method: "POST",
        url: api("/orders/"),
        headers: { "x-api-key": shop.apiKey },
        payload: {
          product_id: product.json().id,
          buyer_email: "z@exemple.fr",
          buyer_first_name: "Zoé",
          buyer_last_name: "",
          reference: "F-1",
        },
      });
      const url = api(`/review/?api_key=${encodeURIComponent(await keyOf(created.json().review_url))}`);
      const onText = multipartBody({ answers: JSON.stringify({ rating: 5 }) }, [
        { name: "file:comment", filename: "p.png", contentType: "image/png", data: fakePng() },
      ]);
      const notUpload = await t.inject({
        method: "POST",
        url,
        headers: onText.headers,
        payload: onText.payload,
      });
      expect(notUpload.statusCode).toBe(400);
      expect(notUpload.json()).toEqual({ comment: ["Ce champ n'accepte pas de fichier."] });

      await t.ctx.db.update(companies).set({ planType: "LANCEMENT" }).where(eq(companies.id, shop.id));
      const photo = multipartBody({ answers: JSON.stringify({ rating: 5 }) }, [
        { name: "file:photo", filename: "p.png", contentType: "image/png", data: fakePng() },
      ]);
      const refused = await t.inject({ method: "POST", url, headers: photo.headers, payload: photo.payload });
      expect(refused.statusCode).toBe(400);
      expect(expectMatchesContract(refused, "reviewSubmit")).toEqual({
        photo: ["Votre abonnement ne permet pas les champs photo ou vidéo. Passez à une offre supérieure."],
      });
      const withoutFile = await t.inject({ method: "POST", url, payload: { answers: { rating: 5 } } });
      expect(withoutFile.statusCode).toBe(201);
    });
  });

  describe("reviews of the company", () => {
    it("seeds the demo catalogue, filters the list, moderates once, computes the dashboard figures", async () => {
      const demo = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Maison Lumière" });
      await t.ctx.db.transaction((tx) =>
        seedCatalog(
          tx,
          { id: demo.id, ownerId: demo.owner.id },
          { reviewKeySecret: t.ctx.keys.currentKey("review-key") },
        ),
      );
      const headers = authHeaders(demo.owner.access);

      const products = expectMatchesContract<{
        results: {
          id: string;
          name: string;
          status: string;
          reviews_count: number;
          published_reviews_count: number;
          last_reviewed_at: string | null;
        }[];
      }>(
        await t.inject({ method: "GET", url: api("/company/products/"), headers }),
        "companyProductsList",
      ).results;
      expect(products.map((p) => p.status)).toEqual(["active", "active", "draft", "archived"]);
      const all = expectMatchesContract<{
        count: number;
        results: {
          status: string;
          rating: number;
          product: { id: string; name: string };
          comment: string | null;
          answers: unknown[];
          created_at: string;
        }[];
      }>(
        await t.inject({ method: "GET", url: api("/company/reviews/?limit=200"), headers }),
        "companyReviewsList",
      );
      expect(all.count).toBeGreaterThanOrEqual(15);
      expect(new Set(all.results.map((r) => r.status))).toEqual(new Set(["approved", "pending", "rejected"]));
      expect(all.results.every((r) => r.answers.length > 0)).toBe(true);
      // Each product's newest review date ('Dernier avis') and its published count ('dont N publiés').
      const [first] = products;
      const ofFirst = all.results.filter((r) => r.product.id === first?.id);
      expect(first?.published_reviews_count).toBe(ofFirst.filter((r) => r.status === "approved").length);
      expect(first?.published_reviews_count).toBeLessThan(first?.reviews_count ?? 0);
      expect(first?.last_reviewed_at).toBe(
        ofFirst
          .map((r) => r.created_at)
          .sort()
          .at(-1),
      );

      const pending = expectMatchesContract<{ count: number; results: { id: string; status: string }[] }>(
        await t.inject({ method: "GET", url: api("/company/reviews/?status=pending"), headers }),
        "companyReviewsList",
      );
      expect(pending.results.every((r) => r.status === "pending")).toBe(true);
      const fives = expectMatchesContract<{ results: { rating: number }[] }>(
        await t.inject({ method: "GET", url: api("/company/reviews/?rating=5&limit=200"), headers }),
        "companyReviewsList",
      );
      // A half star counts in the lower bucket: '5 étoiles' holds the 5s only, '4 étoiles' the 4.5s.
      expect(fives.results.length).toBeGreaterThan(0);
      expect(fives.results.every((r) => r.rating === 5)).toBe(true);
      const fours = expectMatchesContract<{ results: { rating: number }[] }>(
        await t.inject({ method: "GET", url: api("/company/reviews/?rating=4&limit=200"), headers }),
        "companyReviewsList",
      );
      expect(fours.results.every((r) => r.rating >= 4 && r.rating < 5)).toBe(true);
      expect(fours.results.some((r) => r.rating === 4.5)).toBe(true);
      const lamp = products[0] as { id: string; name: string; reviews_count: number };
      const byProduct = expectMatchesContract<{ count: number; results: { product: { id: string } }[] }>(
        await t.inject({
          method: "GET",
          url: api(`/company/reviews/?product_id=${lamp.id}&limit=200`),
          headers,
        }),
        "companyReviewsList",
      );
      expect(byProduct.count).toBe(lamp.reviews_count);
      const byName = expectMatchesContract<{ count: number }>(
        await t.inject({
          method: "GET",
          url: api(
            `/company/reviews/?search=${encodeURIComponent(lamp.name.slice(0, 5).toLowerCase())}&limit=200`,
          ),
          headers,
        }),
        "companyReviewsList",
      );
      expect(byName.count).toBe(lamp.reviews_count);
      const byComment = expectMatchesContract<{ results: { comment: string | null }[] }>(
        await t.inject({ method: "GET", url: api("/company/reviews/?search=LIVRAISON"), headers }),
        "companyReviewsList",
      );
      expect(byComment.results.length).toBeGreaterThan(0);
      expect(byComment.results.every((r) => r.comment?.toLowerCase().includes("livraison"))).toBe(true);
      const productReviews = await t.inject({
        method: "GET",
        url: api(`/company/products/${lamp.id}/reviews/?limit=5`),
        headers,
      });
      expect(
        expectMatchesContract<{ results: unknown[] }>(productReviews, "companyProductsReviewsList").results
          .length,
      ).toBeLessThanOrEqual(5);

      const target = pending.results[0] as { id: string };
      const rejected = await t.inject({
        method: "PATCH",
        url: api(`/company/reviews/${target.id}/`),
        headers,
        payload: { status: "rejected", rejection_reason: "off_topic" },
      });
      expect(expectMatchesContract(rejected, "companyReviewsUpdate")).toMatchObject({ status: "rejected" });
      const again = await t.inject({
        method: "PATCH",
        url: api(`/company/reviews/${target.id}/`),
        headers,
        payload: { status: "rejected", rejection_reason: "off_topic" },
      });
      expect(again.statusCode).toBe(409);
      expect(expectMatchesContract<{ detail: string }>(again, "companyReviewsUpdate").detail).toBe(
        "Cet avis a déjà été modéré.",
      );
      const invalid = await t.inject({
        method: "PATCH",
        url: api(`/company/reviews/${target.id}/`),
        headers,
        payload: { status: "pending" },
      });
      expect(invalid.statusCode).toBe(400);
      const cross = await t.inject({
        method: "PATCH",
        url: api(`/company/reviews/${target.id}/`),
        headers: auth,
        payload: { status: "approved" },
      });
      expect(cross.statusCode).toBe(404);

      const stats = await companyDashboardStats(t.ctx.db, t.ctx.storage, demo.id, new Date());
      expect(stats.total_reviews).toBe(all.count);
      // A pending review was rejected since: the published ones are still the approved ones listed.
      expect(stats.published_reviews).toBe(all.results.filter((r) => r.status === "approved").length);
      expect(stats.published_reviews).toBeLessThan(stats.total_reviews);
      expect(stats.recent_reviews).toHaveLength(5);
      expect(stats.mean_note).toBeGreaterThan(2);
      const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
      expect(days.reduce((n, d) => n + stats.orders_last_7_days[d], 0)).toBe(stats.orders_last_7_days.total);
      expect(stats.orders_last_7_days.total).toBeGreaterThan(0);

      const widget = await t.inject({ method: "GET", url: api(`/public/reviews/?company_id=${demo.id}`) });
      const body = expectMatchesContract<{
        reviews: { product: { id: string } }[];
        products: { id: string }[];
      }>(widget, "publicReviewsGet");
      expect(body.reviews.length).toBeLessThanOrEqual(10);
      // The active products, and the others (draft, archived) only for the published reviews they keep.
      const listed = body.products.map((p) => p.id);
      expect(listed).toEqual(expect.arrayContaining(products.slice(0, 2).map((p) => p.id)));
      const draft = products[2];
      const draftPublished = all.results.filter(
        (r) => r.product.id === draft?.id && r.status === "approved",
      ).length;
      expect(listed.includes(draft?.id ?? "")).toBe(draftPublished > 0);
      const draftPage = await t.inject({
        method: "GET",
        url: api(`/public/reviews/?company_id=${demo.id}&product_id=${draft?.id}`),
      });
      expect(draftPage.statusCode).toBe(draftPublished > 0 ? 200 : 404);
    });
  });
});
