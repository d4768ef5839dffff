import { describe, expect, it } from "vitest";
import { CsvTokenizer, detectSeparator, parseCsv } from "./csv";

const cells = (text: string) => parseCsv(text).records.map((r) => r.cells);
const lines = (text: string) => parseCsv(text).records.map((r) => r.line);

describe("detectSeparator", () => {
  it.each([
    ["a,b,c\n1;2;3", ","],
    ["a;b;c\n1,2,3", ";"],
    ['"a,b";c;d\n', ";"],
    ['"a;b;c",d\n', ","],
    ["\uFEFFa;b", ";"],
    ["single", ","],
    ["", ","],
  ])("%j → %s", (text, expected) => {
    expect(detectSeparator(text)).toBe(expected);
  });
});

describe("parseCsv", () => {
  it.each([
    [
      "a,b\n1,2",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "a,b\r\n1,2\r\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "a,b\r1,2",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      'a,b\n"x, y","il a dit ""oui"""',
      [
        ["a", "b"],
        ["x, y", 'il a dit "oui"'],
      ],
    ],
    [
      'a;b\n"1;2";3',
      [
        ["a", "b"],
        ["1;2", "3"],
      ],
    ],
    [
      'a,b\n"ligne 1\nligne 2",z',
      [
        ["a", "b"],
        ["ligne 1\nligne 2", "z"],
      ],
    ],
    [
      "a,b\n\n  \n1,2\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "a,b\n1,",
      [
        ["a", "b"],
        ["1", ""],
      ],
    ],
    ["a,b\n,,", [["a", "b"]]],
    [
      "\uFEFFref,sku\nR1,S1",
      [
        ["ref", "sku"],
        ["R1", "S1"],
      ],
    ],
    ['a\n""', [["a"]]],
    ["", []],
  ])("%j → %j", (text, expected) => {
    expect(cells(text)).toEqual(expected);
  });

  it("numbers records by the line where they start", () => {
    expect(lines('h1,h2\n\n"multi\nline",x\r\nlast,y\n')).toEqual([1, 3, 5]);
    expect(lines('h\r\n"a\r\nb"\r\nc')).toEqual([1, 2, 4]);
  });

  it("reports an unterminated quote", () => {
    const result = parseCsv('a,b\n1,"open\n2,3');
    expect(result.unterminatedQuoteAt).toBe(2);
    expect(parseCsv("a,b\n1,2").unterminatedQuoteAt).toBeNull();
  });

  it("accepts an explicit separator", () => {
    expect(parseCsv("a;b,c", ",").records[0]?.cells).toEqual(["a;b", "c"]);
  });
});

describe("CsvTokenizer (a slice at a time)", () => {
  const text = 'a;b\r\n"x\r\ny";1\r\n\r\nz;"q""q"\r\nlast;2';

  it.each([1, 2, 3, 7, 1000])("gives the same records as parseCsv in slices of %i characters", (size) => {
    const tokenizer = new CsvTokenizer(text);
    let steps = 0;
    while (!tokenizer.step(size)) steps += 1;
    expect(tokenizer.records).toEqual(parseCsv(text).records);
    expect(tokenizer.separator).toBe(";");
    // CRLF and doubled quotes are read two characters at a time
    expect(steps).toBeGreaterThanOrEqual(Math.floor(text.length / size / 2) - 1);
  });

  it("stops at maxRecords + 1 records, before reading the rest", () => {
    const lines = Array.from({ length: 50 }, (_, i) => `r${i},v`).join("\n");
    const tokenizer = new CsvTokenizer(lines, { maxRecords: 10 });
    tokenizer.step();
    expect(tokenizer.tooManyRecords).toBe(true);
    expect(tokenizer.records).toHaveLength(11);
    const exact = new CsvTokenizer(lines, { maxRecords: 50 });
    exact.step();
    expect(exact.tooManyRecords).toBe(false);
    expect(exact.records).toHaveLength(50);
  });

  it("reports an unterminated quote once done", () => {
    const tokenizer = new CsvTokenizer('a,b\n1,"open\n2,3');
    expect(tokenizer.step(5)).toBe(false);
    expect(tokenizer.unterminatedQuoteAt).toBeNull();
    tokenizer.step();
    expect(tokenizer.unterminatedQuoteAt).toBe(2);
  });
});
