import { type DomainMessage, message } from "../messages";
import type { FieldErrors } from "../validation/field-errors";
import { isProductPageUrl, isValidGtin, PRODUCT_BRAND_MAX_LENGTH } from "../validation/gtin";
import { type OrderInput, validateOrderInput } from "../validation/order";
import { type CsvRecord, type CsvSeparator, parseCsv } from "./csv";

/** Columns of the orders CSV, as named in the header (the order body's names). */
export const ORDER_CSV_COLUMNS = [
  "reference",
  "product_id",
  "sku",
  "buyer_email",
  "buyer_first_name",
  "buyer_last_name",
  "order_date",
  "gtin",
  "marque",
  "url_produit",
] as const;

export type OrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number];

/** Header spellings also understood (after lower-casing and turning spaces/dashes into '_'). */
export const ORDER_CSV_HEADER_ALIASES: Readonly<Record<string, OrderCsvColumn>> = {
  ref: "reference",
  order_reference: "reference",
  reference_commande: "reference",
  product_sku: "sku",
  email: "buyer_email",
  e_mail: "buyer_email",
  courriel: "buyer_email",
  adresse_email: "buyer_email",
  adresse_e_mail: "buyer_email",
  numero_de_commande: "reference",
  numero_commande: "reference",
  first_name: "buyer_first_name",
  prenom: "buyer_first_name",
  last_name: "buyer_last_name",
  nom: "buyer_last_name",
  date: "order_date",
  date_commande: "order_date",
  date_de_commande: "order_date",
  ean: "gtin",
  brand: "marque",
  url: "url_produit",
  product_url: "url_produit",
};

/** Most orders in one file (the header not counted), and the largest file accepted. */
export const ORDER_CSV_MAX_ROWS = 10_000;
export const ORDER_CSV_MAX_BYTES = 5 * 1024 * 1024;

const REQUIRED_COLUMNS: readonly OrderCsvColumn[] = ["reference", "buyer_email", "buyer_first_name"];

/** What a line says of its product for Google (absent: unchanged). */
export interface OrderCsvProductFields {
  gtin?: string;
  brand?: string;
  url?: string;
}

export interface OrderCsvRow {
  line: number;
  order: OrderInput;
  /** Present when the line fills a product column. */
  product?: OrderCsvProductFields;
}

/** The product columns of a line: GTIN with its check digit, brand ≤ 70, an http(s) page. */
function readProductFields(
  values: Partial<Record<OrderCsvColumn, string>>,
  errors: FieldErrors,
): OrderCsvProductFields {
  const fields: OrderCsvProductFields = {};
  const gtin = values.gtin?.replace(/[\s-]/g, "");
  if (gtin) {
    if (isValidGtin(gtin)) fields.gtin = gtin;
    else errors.gtin = [message("product.gtinInvalid")];
  }
  const brand = values.marque?.trim();
  if (brand) {
    if (brand.length <= PRODUCT_BRAND_MAX_LENGTH) fields.brand = brand;
    else errors.marque = [message("order.tooLong", { max: PRODUCT_BRAND_MAX_LENGTH })];
  }
  const url = values.url_produit?.trim();
  if (url) {
    if (isProductPageUrl(url)) fields.url = url;
    else errors.url_produit = [message("product.urlInvalid")];
  }
  return fields;
}

export interface OrderCsvRowError {
  line: number;
  errors: FieldErrors;
}

export interface OrdersCsvResult {
  separator: CsvSeparator;
  /** Columns recognised in the header, in file order (null for ignored columns). */
  columns: (OrderCsvColumn | null)[];
  /** Valid rows, ready to create orders. */
  rows: OrderCsvRow[];
  /** Rejected rows, in the shape of the import result's `errors`. */
  errors: OrderCsvRowError[];
  /** Problems of the whole file; when present no row was read. */
  fileErrors: DomainMessage[];
}

/** 'Buyer E-mail ' → 'buyer_e_mail'; known aliases mapped to their column. */
export function normalizeHeader(name: string): OrderCsvColumn | null {
  const key = name
    .trim()
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\s-]+/g, "_");
  if ((ORDER_CSV_COLUMNS as readonly string[]).includes(key)) return key as OrderCsvColumn;
  return ORDER_CSV_HEADER_ALIASES[key] ?? null;
}

const FRENCH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (value: string) => value.padStart(2, "0");

/**
 * 'JJ/MM/AAAA' (optionally ' HH:MM[:SS]'), as French spreadsheets write dates, to the ISO form the
 * order rules read ('2026-11-20', '2026-11-20T14:30:00'); anything else is returned unchanged.
 */
export function frenchDateToIso(value: string): string {
  const match = FRENCH_DATE.exec(value.trim());
  if (!match) return value;
  const [, day = "", month = "", year = "", hours, minutes, seconds] = match;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return hours === undefined ? date : `${date}T${pad(hours)}:${minutes}:${seconds ?? "00"}`;
}

export interface OrdersCsvHeader {
  /** Columns recognised in the header, in file order (null for ignored columns). */
  columns: (OrderCsvColumn | null)[];
  /** Missing required columns; when present no row can be read. */
  fileErrors: DomainMessage[];
}

/** The header line: which columns are recognised, and what required column is missing. */
export function readOrdersCsvHeader(header: CsvRecord): OrdersCsvHeader {
  const columns = header.cells.map(normalizeHeader);
  const fileErrors: DomainMessage[] = [];
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) fileErrors.push(message("ordersCsv.missingColumns", { columns: missing }));
  if (!columns.includes("product_id") && !columns.includes("sku")) {
    fileErrors.push(message("ordersCsv.missingProductColumn"));
  }
  return { columns, fileErrors };
}

/** One data line checked with the order rules (dates JJ/MM/AAAA or ISO). */
export function validateOrderCsvRecord(
  columns: readonly (OrderCsvColumn | null)[],
  record: CsvRecord,
): { ok: true; row: OrderCsvRow } | { ok: false; error: OrderCsvRowError } {
  const values: Partial<Record<OrderCsvColumn, string>> = {};
  columns.forEach((column, index) => {
    // The first column of a given name wins; blank cells read as absent.
    if (column && values[column] === undefined) values[column] = record.cells[index] ?? "";
  });
  if (values.order_date) values.order_date = frenchDateToIso(values.order_date);
  const result = validateOrderInput(values);
  const productErrors: FieldErrors = {};
  const product = readProductFields(values, productErrors);
  if (result.ok && Object.keys(productErrors).length === 0)
    return {
      ok: true,
      row: { line: record.line, order: result.order, ...(Object.keys(product).length ? { product } : {}) },
    };
  const orderErrors = result.ok ? {} : result.errors;
  const errors = orderErrors.order_date
    ? { ...orderErrors, ...productErrors, order_date: [message("ordersCsv.orderDate")] }
    : { ...orderErrors, ...productErrors };
  return { ok: false, error: { line: record.line, errors } };
}

/**
 * Reads an orders CSV (',' or ';' detected from the header, BOM dropped, RFC 4180 quotes) and validates
 * every row with the order rules. Line numbers are those of the file (header = line 1).
 */
export function parseOrdersCsv(text: string): OrdersCsvResult {
  const parsed = parseCsv(text);
  const base = { separator: parsed.separator, columns: [], rows: [], errors: [] };
  if (parsed.unterminatedQuoteAt !== null) {
    return {
      ...base,
      fileErrors: [message("ordersCsv.unterminatedQuote", { line: parsed.unterminatedQuoteAt })],
    };
  }
  const [header, ...records] = parsed.records;
  if (!header) return { ...base, fileErrors: [message("ordersCsv.empty")] };

  const { columns, fileErrors } = readOrdersCsvHeader(header);
  if (fileErrors.length === 0 && records.length === 0) fileErrors.push(message("ordersCsv.noRows"));
  if (fileErrors.length > 0) return { ...base, columns, fileErrors };

  const rows: OrderCsvRow[] = [];
  const errors: OrderCsvRowError[] = [];
  for (const record of records) {
    const result = validateOrderCsvRecord(columns, record);
    if (result.ok) rows.push(result.row);
    else errors.push(result.error);
  }
  return { separator: parsed.separator, columns, rows, errors, fileErrors: [] };
}
