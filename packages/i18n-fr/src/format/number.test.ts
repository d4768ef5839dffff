import { describe, expect, it } from "vitest";
import { formatAverage, formatCount, formatDelay, formatInteger, formatPercent, formatPrice } from "./number";

/** ICU separates French thousands and units with (narrow) no-break spaces: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatAverage (one decimal with a comma)", () => {
  it.each([
    [4.25, "4,3"],
    [4.24, "4,2"],
    [4, "4,0"],
    [0, "0,0"],
    [3.96, "4,0"],
    [5, "5,0"],
    [null, "—"],
    [undefined, "—"],
    [Number.NaN, "—"],
  ])("%s → %s", (value, expected) => {
    expect(formatAverage(value)).toBe(expected);
  });
});

describe("formatCount (≥ 1000 rounded to the nearest hundred)", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1 000"],
    [1049, "1 000"],
    [1050, "1 100"],
    [1249, "1 200"],
    [1250, "1 300"],
    [123456, "123 500"],
    [null, "—"],
  ])("%s → %s", (value, expected) => {
    expect(plain(formatCount(value))).toBe(expected);
  });
});

describe("formatInteger", () => {
  it.each([
    [4000, "4 000"],
    [1249, "1 249"],
    [12, "12"],
  ])("%s → %s", (value, expected) => {
    expect(plain(formatInteger(value))).toBe(expected);
  });
});

describe("formatDelay", () => {
  it.each([
    [0, "J+0"],
    [3, "J+3"],
    [60, "J+60"],
  ])("%s → %s", (value, expected) => {
    expect(formatDelay(value)).toBe(expected);
  });
});

describe("formatPrice", () => {
  it.each([
    [29.99, "29,99 €"],
    [79.99, "79,99 €"],
    [0, "0,00 €"],
    [1234.5, "1 234,50 €"],
    [null, "—"],
  ])("%s → %s", (value, expected) => {
    expect(plain(formatPrice(value))).toBe(expected);
  });
});

describe("formatPercent (value given as 0–100)", () => {
  it.each([
    [42, "42 %"],
    [100, "100 %"],
    [66.6, "67 %"],
    [0, "0 %"],
    [null, "—"],
  ])("%s → %s", (value, expected) => {
    expect(plain(formatPercent(value))).toBe(expected);
  });
});
