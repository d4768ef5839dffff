import { describe, expect, it } from "vitest";
import { message } from "../messages";
import { parseCsv } from "./csv";
import { decodeCsvBytes } from "./decode";
import {
  countRequestsDueAtOnce,
  frenchDateToIso,
  groupOrderCsvLines,
  missingOrderCsvColumns,
  normalizeHeader,
  orderCsvLineReader,
  parseOrdersCsv,
  previewOrdersCsv,
  skippedOrderStatus,
  splitFullName,
} from "./orders-csv";

const UUID = "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b";

describe("normalizeHeader", () => {
  it.each([
    ["reference", "reference"],
    [" Buyer_Email ", "buyer_email"],
    ["buyer first name", "buyer_first_name"],
    ["buyer-last-name", "buyer_last_name"],
    ["Email", "buyer_email"],
    ["E-mail", "buyer_email"],
    ["Adresse e-mail", "buyer_email"],
    ["Date de commande", "order_date"],
    ["Numéro de commande", "reference"],
    ["Prénom", "buyer_first_name"],
    ["product_sku", "sku"],
    ["Date", "order_date"],
    ["notes", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeHeader(input)).toBe(expected);
  });
});

describe("parseOrdersCsv", () => {
  it("reads a comma file into valid orders with line numbers", () => {
    const csv = [
      "reference,sku,buyer_email,buyer_first_name,buyer_last_name,order_date",
      "CMD-1,LAMPE-01,marie@exemple.fr,Marie,Dupont,2026-11-20",
      '"CMD-2",LAMPE-01,"paul@exemple.fr","Paul","Le Gall, fils",',
    ].join("\n");
    const result = parseOrdersCsv(csv);
    expect(result.fileErrors).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.separator).toBe(",");
    expect(result.rows).toEqual([
      {
        line: 2,
        order: {
          reference: "CMD-1",
          sku: "LAMPE-01",
          buyer_email: "marie@exemple.fr",
          buyer_first_name: "Marie",
          buyer_last_name: "Dupont",
          order_date: "2026-11-20",
        },
      },
      {
        line: 3,
        order: {
          reference: "CMD-2",
          sku: "LAMPE-01",
          buyer_email: "paul@exemple.fr",
          buyer_first_name: "Paul",
          buyer_last_name: "Le Gall, fils",
        },
      },
    ]);
  });

  it("reads a semicolon file with a BOM, CRLF and product_id", () => {
    const csv = `\uFEFFreference;product_id;buyer_email;buyer_first_name;buyer_last_name\r\nA1;${UUID};a@b.fr;Léa;\r\n`;
    const result = parseOrdersCsv(csv);
    expect(result.separator).toBe(";");
    expect(result.rows).toEqual([
      {
        line: 2,
        order: {
          reference: "A1",
          product_id: UUID,
          buyer_email: "a@b.fr",
          buyer_first_name: "Léa",
          buyer_last_name: "",
        },
      },
    ]);
  });

  it("reports row errors in French, keyed by field, with the file's line numbers", () => {
    const csv = [
      "reference,product_id,sku,buyer_email,buyer_first_name,buyer_last_name,order_date",
      ",,,pas-un-email,,X,2026-02-30",
      "R2,not-a-uuid,,a@b.fr,Jo,,2026-11-23T10:00:00Z",
      "",
      "R3,,SKU,a@b.fr,Jo,,23/11/2026",
      "R4,,SKU,a@b.fr,Jo,Martin,2026-11-23T10:00:00+01:00",
    ].join("\n");
    const result = parseOrdersCsv(csv);
    expect(result.errors).toEqual([
      {
        line: 2,
        errors: {
          product_id: [message("order.productMissing")],
          buyer_email: [message("email")],
          buyer_first_name: [message("required")],
          reference: [message("required")],
          order_date: [message("ordersCsv.orderDate")],
        },
      },
      { line: 3, errors: { product_id: [message("order.productIdInvalid")] } },
    ]);
    expect(result.rows.map((row) => row.line)).toEqual([5, 6]);
    expect(result.rows[0]?.order.order_date).toBe("2026-11-23");
  });

  it.each([
    ["", [message("ordersCsv.empty")]],
    ["reference,sku,buyer_email,buyer_first_name\n", [message("ordersCsv.noRows")]],
    [
      "sku,buyer_email\nS,a@b.fr",
      [message("ordersCsv.missingColumns", { columns: ["reference", "buyer_first_name"] })],
    ],
    ["reference,buyer_email,buyer_first_name\nR,a@b.fr,A", [message("ordersCsv.missingProductColumn")]],
    [
      'reference,sku,buyer_email,buyer_first_name\nR,"S,a@b.fr,A',
      [message("ordersCsv.unterminatedQuote", { line: 2 })],
    ],
  ])("file error for %j", (csv, expected) => {
    const result = parseOrdersCsv(csv);
    expect(result.fileErrors).toEqual(expected);
    expect(result.rows).toEqual([]);
  });

  it("reads the product's GTIN, brand and page (gtin, marque, url_produit) and refuses bad ones", () => {
    const result = parseOrdersCsv(
      [
        "reference;sku;buyer_email;buyer_first_name;gtin;marque;url_produit",
        "A1;LAMP;a@exemple.fr;Ana;4006381333931;Lumière;https://boutique.exemple.fr/lampe",
        "A2;LAMP;b@exemple.fr;Bea;;;",
        "A3;LAMP;c@exemple.fr;Cleo;4006381333932;;boutique.exemple.fr",
      ].join("\n"),
    );
    expect(result.rows.map((row) => row.product)).toEqual([
      { gtin: "4006381333931", brand: "Lumière", url: "https://boutique.exemple.fr/lampe" },
      undefined,
    ]);
    expect(result.errors).toEqual([
      {
        line: 4,
        sku: "LAMP",
        errors: { gtin: [{ code: "product.gtinInvalid" }], url_produit: [{ code: "product.urlInvalid" }] },
      },
    ]);
  });

  it("ignores unknown columns and uses aliases", () => {
    const result = parseOrdersCsv("Ref;Notes;Product SKU;Email;Prénom;Nom\nR9;whatever;S1;x@y.fr;Ana;Lopez");
    expect(result.columns).toEqual([
      "reference",
      null,
      "sku",
      "buyer_email",
      "buyer_first_name",
      "buyer_last_name",
    ]);
    expect(result.rows[0]?.order).toEqual({
      reference: "R9",
      sku: "S1",
      buyer_email: "x@y.fr",
      buyer_first_name: "Ana",
      buyer_last_name: "Lopez",
    });
  });
});

describe("frenchDateToIso (dates as French spreadsheets write them)", () => {
  it.each([
    ["23/11/2026", "2026-11-23"],
    ["1/2/2026", "2026-02-01"],
    [" 05/03/2026 ", "2026-03-05"],
    ["23/11/2026 14:30", "2026-11-23T14:30:00"],
    ["23/11/2026 9:05:07", "2026-11-23T09:05:07"],
    ["2026-11-23", "2026-11-23"],
    ["2026-11-23T10:00:00Z", "2026-11-23T10:00:00Z"],
    ["11/23/26", "11/23/26"],
    ["hier", "hier"],
  ])("%j → %j", (input, expected) => {
    expect(frenchDateToIso(input)).toBe(expected);
  });

  it.each([
    ["31/02/2026", false],
    ["13/13/2026", false],
    ["29/02/2028", true],
    ["23/11/2026 25:00", false],
  ])("%j is a valid order date: %s", (date, valid) => {
    const result = parseOrdersCsv(
      `reference;sku;buyer_email;buyer_first_name;order_date\nR;S;a@b.fr;A;${date}`,
    );
    expect(result.rows.length === 1).toBe(valid);
    if (!valid) {
      expect(result.errors[0]?.errors).toEqual({
        order_date: [message("ordersCsv.orderDate")],
      });
    }
  });
});

describe("an Excel export (Windows-1252, ';', JJ/MM/AAAA)", () => {
  // 'Référence;SKU;E-mail;Prénom;Nom;Date' then 'CMD-1;LAMP-001;zoé@exemple.fr;Zoé;Lefèvre;20/11/2026', CRLF
  const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

  it("decodes, detects ';' and reads accented names and French dates", () => {
    const bytes = latin1(
      "R\xe9f\xe9rence;SKU;Email;Pr\xe9nom;Nom;Date commande\r\nCMD-1;LAMP-001;zoe@exemple.fr;Zo\xe9;Lef\xe8vre;20/11/2026\r\n",
    );
    const decoded = decodeCsvBytes(bytes);
    expect(decoded?.encoding).toBe("windows-1252");
    const result = parseOrdersCsv(decoded?.text ?? "");
    expect(result.separator).toBe(";");
    expect(result.fileErrors).toEqual([]);
    expect(result.rows).toEqual([
      {
        line: 2,
        order: {
          reference: "CMD-1",
          sku: "LAMP-001",
          buyer_email: "zoe@exemple.fr",
          buyer_first_name: "Zoé",
          buyer_last_name: "Lefèvre",
          order_date: "2026-11-20",
        },
      },
    ]);
  });

  it("maps Windows-1252's own characters (€, œ, ’) that Latin-1 lacks", () => {
    expect(decodeCsvBytes(Uint8Array.from([0x80, 0x9c, 0x92]))?.text).toBe("€œ’");
  });
});

// No DOM or Node types in the domain; TextEncoder exists in both.
declare const TextEncoder: new () => { encode(input: string): Uint8Array };

describe("decodeCsvBytes", () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it("reads UTF-8 with and without BOM the same way", () => {
    const plain = decodeCsvBytes(utf8("Prénom;Nom\nZoé;Lefèvre"));
    const withBom = decodeCsvBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8("Prénom;Nom\nZoé;Lefèvre")]));
    expect(plain).toEqual({ text: "Prénom;Nom\nZoé;Lefèvre", encoding: "utf-8" });
    expect(withBom?.encoding).toBe("utf-8");
    expect(parseOrdersCsv(withBom?.text ?? "").columns).toEqual(["buyer_first_name", "buyer_last_name"]);
  });

  it.each([
    ["a NUL byte", [0x41, 0x00, 0x42]],
    ["UTF-16 LE", [0xff, 0xfe, 0x41, 0x00]],
    ["UTF-16 BE", [0xfe, 0xff, 0x00, 0x41]],
  ])("refuses %s (binary, null)", (_name, bytes) => {
    expect(decodeCsvBytes(Uint8Array.from(bytes))).toBeNull();
  });
});

describe("French shops' files (issue 27.9)", () => {
  it.each([
    ["N° commande", "reference"],
    ["Nº de commande", "reference"],
    ["n commande", "reference"],
    ["NUMERO DE COMMANDE", "reference"],
    ["Numéro de commande", "reference"],
    ["Référence produit", "sku"],
    ["reference-produit", "sku"],
    ["UGS", "sku"],
    ["ugs", "sku"],
    ["Lineitem sku", "sku"],
    ["Lineitem name", "product_name"],
    ["Billing Name", "buyer_full_name"],
    ["Email", "buyer_email"],
    ["E-mail (facturation)", "buyer_email"],
    ["Prénom (facturation)", "buyer_first_name"],
    ["Created at", "order_date"],
    ["Shipping Name", null],
    ["Name", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeHeader(input)).toBe(expected);
  });

  it("splits a full name into first word and the rest", () => {
    expect(splitFullName("  Marie Claire   Dupont ")).toEqual({
      firstName: "Marie",
      lastName: "Claire Dupont",
    });
    expect(splitFullName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });

  it("reads Shopify's order export: 'Name' is the reference, later lines take the first line's buyer", () => {
    // The header of Shopify's 'Export orders' CSV (first 26 columns, as Shopify writes them); an
    // order of two items is two lines, the second without the order-level fields (billing, dates).
    const header =
      "Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,Shipping,Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,Lineitem fulfillment status,Billing Name,Billing Street";
    const csv = [
      header,
      "#1001,lea@exemple.fr,paid,2026-11-20 14:30:00 +0100,fulfilled,,yes,EUR,69.80,0.00,11.63,69.80,,0.00,Colissimo,2026-11-20 14:30:00 +0100,1,Lampe Aube,34.90,,LAMP-001,true,true,fulfilled,Léa Marie Bernard,3 rue Haute",
      "#1001,lea@exemple.fr,,,,,,,,,,,,,,,1,Bougie Cèdre,34.90,,CANDLE-02,true,true,fulfilled,,",
      "#1002,,,,,,,,,,,,,,,,1,Savon,5.00,,,true,true,,Hugo Lefèvre,",
    ].join("\n");
    const result = parseOrdersCsv(csv);
    expect(result.fileErrors).toEqual([]);
    expect(result.rows.map((row) => row.order)).toEqual([
      {
        reference: "#1001",
        sku: "LAMP-001",
        buyer_email: "lea@exemple.fr",
        buyer_first_name: "Léa",
        buyer_last_name: "Marie Bernard",
        order_date: "2026-11-20T14:30:00+01:00",
      },
      {
        reference: "#1001",
        sku: "CANDLE-02",
        buyer_email: "lea@exemple.fr",
        buyer_first_name: "Léa",
        buyer_last_name: "Marie Bernard",
        order_date: "2026-11-20T14:30:00+01:00",
      },
    ]);
    // A refused line says which product it was (SKU and name) so the shop finds it.
    expect(result.errors).toEqual([
      {
        line: 4,
        product_name: "Savon",
        errors: { buyer_email: [message("required"), message("email")] },
      },
    ]);
  });

  it("finds a line's product by its name when the line has no SKU (one product of that name only)", () => {
    const csv = [
      "Name,Email,Lineitem name,Lineitem sku,Billing Name",
      "#1,a@exemple.fr,Savon  de MARSEILLE,,Ana Lopez",
      "#2,b@exemple.fr,Bougie,,Bea Roy",
    ].join("\n");
    const columns = parseOrdersCsv(csv).columns;
    const read = orderCsvLineReader(columns, [
      { id: UUID, name: "Savon de Marseille" },
      { id: "a1c2e3f4-0000-4000-8000-000000000001", name: "Bougie" },
      { id: "a1c2e3f4-0000-4000-8000-000000000002", name: "bougie" },
    ]);
    const [first, second] = parseCsv(csv).records.slice(1).map(read);
    expect(first?.ok && first.row.order.product_id).toBe(UUID);
    expect(second?.ok).toBe(false);
  });

  it("reads WooCommerce's French order export ('N° de commande', 'UGS', billing columns)", () => {
    const csv = [
      "N° de commande;Date de commande;Prénom (facturation);Nom (facturation);E-mail (facturation);UGS;Nom de l'article;Quantité",
      "4521;20/11/2026 09:15;Hugo;Lefèvre;hugo@exemple.fr;LAMP-001;Lampe Aube;1",
      "4522;21/11/2026;Zoé;Martin;pas-un-email;BOUGIE-9;Bougie;2",
    ].join("\n");
    const result = parseOrdersCsv(csv);
    expect(result.rows.map((row) => row.order)).toEqual([
      {
        reference: "4521",
        sku: "LAMP-001",
        buyer_email: "hugo@exemple.fr",
        buyer_first_name: "Hugo",
        buyer_last_name: "Lefèvre",
        order_date: "2026-11-20T09:15:00",
      },
    ]);
    expect(result.errors).toEqual([
      { line: 3, sku: "BOUGIE-9", product_name: "Bougie", errors: { buyer_email: [message("email")] } },
    ]);
  });

  it("uses a hand-made mapping over the names and names what is still missing", () => {
    const csv = ["Commande;Acheteur;Mail;Article", "A-1;Léa Bernard;lea@exemple.fr;LAMP-001"].join("\n");
    const unmapped = parseOrdersCsv(csv);
    expect(unmapped.fileErrors).toEqual([
      message("ordersCsv.missingColumns", { columns: ["buyer_email", "buyer_first_name"] }),
      message("ordersCsv.missingProductColumn"),
    ]);
    expect(missingOrderCsvColumns(unmapped.columns)).toEqual(["buyer_email", "buyer_first_name", "sku"]);
    const mapped = parseOrdersCsv(csv, {
      buyer_email: "Mail",
      buyer_full_name: "Acheteur",
      sku: "Article",
    });
    expect(mapped.fileErrors).toEqual([]);
    expect(mapped.rows[0]?.order).toEqual({
      reference: "A-1",
      sku: "LAMP-001",
      buyer_email: "lea@exemple.fr",
      buyer_first_name: "Léa",
      buyer_last_name: "Bernard",
    });
    expect(parseOrdersCsv(csv, { buyer_email: "Courriel" }).fileErrors[0]).toEqual(
      message("ordersCsv.mappingUnknownHeader", { header: "Courriel" }),
    );
  });
});

describe("countRequestsDueAtOnce", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const csv = [
    "reference;sku;buyer_email;buyer_first_name;order_date",
    "OLD;A;a@exemple.fr;Ana;01/10/2026", // 54 days ago: due, and older than 30 days
    "OLD;B;a@exemple.fr;Ana;01/10/2026", // same order, second product
    "WEEK;A;b@exemple.fr;Bea;17/11/2026", // 7 days ago: due with A (3 days), not with B (10 days)
    "WEEK;B;b@exemple.fr;Bea;17/11/2026",
    "TWO;A;c@exemple.fr;Cleo;22/11/2026", // 2 days ago: not yet due (3 days)
    "DRAFT;D;d@exemple.fr;Dan;01/10/2026", // draft product: no e-mail at all
    "BAD;A;pas-un-email;Eve;01/10/2026",
  ].join("\n");
  const parsed = parseOrdersCsv(csv);
  const records = parseCsv(csv).records.slice(1);
  const delays: Record<string, number | null> = { A: 3, B: 10, D: null };
  const delayOf = (order: { sku?: string }) => delays[order.sku ?? ""] ?? null;

  it("counts orders older than their latest product's delay, old ones left out on request", () => {
    expect(countRequestsDueAtOnce(parsed.columns, records, delayOf, now, false)).toBe(1);
    delays.B = 5;
    expect(countRequestsDueAtOnce(parsed.columns, records, delayOf, now, false)).toBe(2);
    expect(countRequestsDueAtOnce(parsed.columns, records, delayOf, now, true)).toBe(1);
  });
});

describe("groupOrderCsvLines", () => {
  it("puts an order's lines together at its first line, each line keeping its number", () => {
    const [, ...records] = parseCsv(
      ["sku,reference", "A,#1", "B,#2", "C, #1 ", "D,", "E,#3", "F,#2", "G,"].join("\n"),
    ).records;
    const groups = groupOrderCsvLines([null, "reference"], records);
    expect(groups.map((g) => g.map((r) => `${r.cells[0]}${r.line}`))).toEqual([
      ["A2", "C4"],
      ["B3", "F7"],
      ["D5"],
      ["E6"],
      ["G8"],
    ]);
  });
});

describe("a shop's own export (issue 42 §2)", () => {
  it.each([
    ["Date de la commande", "order_date"],
    ["État de la commande", "order_status"],
    ["Financial Status", "order_status"],
    ["Nom de l'article", "product_name"],
  ])("reads the header %s as %s", (header, column) => {
    expect(normalizeHeader(header)).toBe(column);
  });

  it.each([
    ["Annulée", "cancelled"],
    ["wc-cancelled", "cancelled"],
    ["voided", "cancelled"],
    ["Remboursée", "refunded"],
    ["refunded", "refunded"],
    ["partially_refunded", null],
    ["Terminée", null],
    ["paid", null],
    ["", null],
  ])("status %s is skipped as %s", (status, skipped) => {
    expect(skippedOrderStatus(status)).toBe(skipped);
  });

  it("counts orders and products apart, names the products to create, the skipped and unmailed orders", () => {
    const { records } = parseCsv(
      [
        "Name,Email,Financial Status,Created at,Lineitem name,Lineitem sku,Billing Name",
        "#1001,ana@exemple.fr,paid,2026-11-20 14:30:00 +0100,Bol Céladon,BOL-1,Ana Lopez",
        "#1001,,,,Tasse Brute,,",
        "#1002,bob@exemple.fr,paid,2026-11-21 10:00:00 +0100,Tasse brute,,Bob Roy",
        "#1002,,,,Théière Fonte,TEA-1,",
        "#1003,cid@exemple.fr,refunded,2026-11-21 10:00:00 +0100,Vase,VASE-1,Cid Noé",
        "#1003,,,,Bol Céladon,BOL-1,",
        "#1004,dan@exemple.fr,paid,2026-11-21 10:00:00 +0100,Brouillon,DRAFT-1,Dan Roy",
        "#1005,not-an-email,paid,2026-11-21 10:00:00 +0100,Vase,VASE-1,Eve Roy",
      ].join("\n"),
    );
    const [header, ...lines] = records;
    const preview = previewOrdersCsv(parseOrdersCsv(`${header?.cells.join(",")}\n`).columns, lines, [
      { id: UUID, name: "Théière Fonte", sku: "TEA-1", status: "active" },
      { id: "7f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b", name: "Brouillon", sku: "DRAFT-1", status: "draft" },
    ]);
    expect(preview).toEqual({
      orders: 4,
      products: 6,
      newProducts: ["Bol Céladon", "Tasse Brute"],
      skipped: 1,
      draftOnly: 1,
      refused: 1,
    });
  });
});
