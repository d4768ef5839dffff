import { describe, expect, it } from "vitest";
import { csvLine, csvText } from "./write-csv";

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

describe("csvLine", () => {
  it("writes one line with its CRLF, formula-safe like csvText", () => {
    expect(csvLine(["=1+1", "\tx", "\rdanger", "a;b", 2.5, null])).toBe(
      `'=1+1;'\tx;"'\rdanger";"a;b";2,5;\r\n`,
    );
  });
});
