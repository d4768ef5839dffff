/** GTIN-8, UPC-A (12), EAN-13 and GTIN-14: the lengths Google and GS1 accept. */
const GTIN = /^(?:\d{8}|\d{12,14})$/;

/** Digits of an allowed length whose last one is the GS1 check digit (weights 3 and 1 from the right). */
export function isValidGtin(value: string): boolean {
  if (!GTIN.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export const PRODUCT_BRAND_MAX_LENGTH = 70;
export const PRODUCT_URL_MAX_LENGTH = 2000;

/** `http(s)://` then a host (letters, digits, dots, dashes, optional port), then a path or nothing. */
const PAGE_URL =
  /^https?:\/\/(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)*[a-z\d](?:[a-z\d-]*[a-z\d])?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** The product's page on the shop: an absolute http(s) URL without spaces, at most 2,000 characters. */
export function isProductPageUrl(value: string): boolean {
  return value.length <= PRODUCT_URL_MAX_LENGTH && PAGE_URL.test(value);
}
