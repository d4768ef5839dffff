import { describe, expect, it } from "vitest";
import { detectSeparator, parseCsv } from "./csv";

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
