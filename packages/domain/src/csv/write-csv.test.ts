import { describe, expect, it } from "vitest";
import { csvText } from "./write-csv";

describe("csvText", () => {
  it("writes what French spreadsheets open: BOM, ';', decimal comma, quoted cells", () => {
    expect(
      csvText([
        ["Produit", "Note"],
        ['Lampe "Aurore"; laiton', 4.25],
        ["Vase", null],
      ]),
    ).toBe('\uFEFFProduit;Note\r\n"Lampe ""Aurore""; laiton";4,25\r\nVase;\r\n');
  });

  it("keeps a cell from being read as a formula", () => {
    expect(csvText([["=SOMME(A1:A2)", "-2", "@x", "+1"]])).toBe("\uFEFF'=SOMME(A1:A2);'-2;'@x;'+1\r\n");
  });
});
