import { describe, expect, it } from "vitest";
import { normalizeHeader, parseOrdersCsv } from "./orders-csv";

const UUID = "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b";

describe("normalizeHeader", () => {
  it.each([
    ["reference", "reference"],
    [" Buyer_Email ", "buyer_email"],
    ["buyer first name", "buyer_first_name"],
    ["buyer-last-name", "buyer_last_name"],
    ["Email", "buyer_email"],
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
          product_id: ["Indiquez le produit (product_id ou sku)."],
          buyer_email: ["Veuillez saisir une adresse email valide."],
          buyer_first_name: ["Ce champ est obligatoire."],
          reference: ["Ce champ est obligatoire."],
          order_date: ["Date invalide : utilisez le format AAAA-MM-JJ ou une date ISO 8601."],
        },
      },
      { line: 3, errors: { product_id: ["Identifiant de produit invalide."] } },
      {
        line: 5,
        errors: { order_date: ["Date invalide : utilisez le format AAAA-MM-JJ ou une date ISO 8601."] },
      },
    ]);
    expect(result.rows.map((row) => row.line)).toEqual([6]);
  });

  it.each([
    ["", ["Le fichier est vide."]],
    ["reference,sku,buyer_email,buyer_first_name\n", ["Le fichier ne contient aucune commande."]],
    ["sku,buyer_email\nS,a@b.fr", ["Colonnes manquantes : reference, buyer_first_name."]],
    [
      "reference,buyer_email,buyer_first_name\nR,a@b.fr,A",
      ["Le fichier doit contenir une colonne product_id ou sku."],
    ],
    ['reference,sku,buyer_email,buyer_first_name\nR,"S,a@b.fr,A', ["Guillemet non fermé à la ligne 2."]],
  ])("file error for %j", (csv, expected) => {
    const result = parseOrdersCsv(csv);
    expect(result.fileErrors).toEqual(expected);
    expect(result.rows).toEqual([]);
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
