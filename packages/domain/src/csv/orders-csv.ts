import { isOldOrder, orderEmailDelays, requestDueNow } from "../delays";
import { type DomainMessage, message } from "../messages";
import type { FieldErrors } from "../validation/field-errors";
import { isProductPageUrl, isValidGtin, PRODUCT_BRAND_MAX_LENGTH } from "../validation/gtin";
import { type OrderInput, parseOrderDate, validateOrderInput } from "../validation/order";
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
  /** Shopify's 'Billing Name': the buyer's full name, split when no first-name column is given. */
  "buyer_full_name",
  /** Shopify's 'Lineitem name': shown with the line (a refused line says which product it was). */
  "product_name",
  /** WooCommerce's 'État de la commande', Shopify's 'Financial Status': cancelled or refunded orders are skipped. */
  "order_status",
] as const;

export type OrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number];

/**
 * Header spellings also understood, folded by `foldHeader` (lower case, no accents, '°'/'º' read as
 * 'o', every run of spaces or punctuation one '_'): French spreadsheets, WooCommerce ('UGS') and
 * Shopify's order export ('Email', 'Lineitem sku', 'Lineitem name', 'Billing Name').
 */
export const ORDER_CSV_HEADER_ALIASES: Readonly<Record<string, OrderCsvColumn>> = {
  ref: "reference",
  no_commande: "reference",
  no_de_commande: "reference",
  n_commande: "reference",
  num_commande: "reference",
  commande: "reference",
  id_commande: "reference",
  order_number: "reference",
  order_id: "reference",
  reference_produit: "sku",
  ref_produit: "sku",
  ugs: "sku",
  lineitem_sku: "sku",
  lineitem_name: "product_name",
  nom_du_produit: "product_name",
  nom_produit: "product_name",
  nom_de_l_article: "product_name",
  commande_no: "reference",
  produit: "product_name",
  product_name: "product_name",
  billing_name: "buyer_full_name",
  nom_complet: "buyer_full_name",
  full_name: "buyer_full_name",
  client: "buyer_full_name",
  e_mail_facturation: "buyer_email",
  email_facturation: "buyer_email",
  prenom_facturation: "buyer_first_name",
  nom_facturation: "buyer_last_name",
  created_at: "order_date",
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
  date_de_la_commande: "order_date",
  date_commande_client: "order_date",
  order_date_created: "order_date",
  etat_de_la_commande: "order_status",
  statut_de_la_commande: "order_status",
  etat_commande: "order_status",
  statut_commande: "order_status",
  etat: "order_status",
  statut: "order_status",
  status: "order_status",
  financial_status: "order_status",
  order_status: "order_status",
  nom_de_l_article_de_la_commande: "product_name",
  e_mail_de_facturation: "buyer_email",
  adresse_e_mail_de_facturation: "buyer_email",
  prenom_de_facturation: "buyer_first_name",
  nom_de_facturation: "buyer_last_name",
  billing_email: "buyer_email",
  billing_first_name: "buyer_first_name",
  billing_last_name: "buyer_last_name",
  ean: "gtin",
  brand: "marque",
  url: "url_produit",
  product_url: "url_produit",
};

/** Most orders in one file (the header not counted), and the largest file accepted. */
export const ORDER_CSV_MAX_ROWS = 10_000;
export const ORDER_CSV_MAX_BYTES = 5 * 1024 * 1024;

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
  /**
   * The line's product name ('Lineitem name', 'Nom de l'article'): the name of the product an import
   * creates when its SKU (or, without SKU, its name) is unknown.
   */
  productName?: string;
}

/** Why an order's status keeps it out of an import: a cancelled or refunded order asks for no review. */
export type SkippedOrderStatus = "cancelled" | "refunded";

/**
 * A status cell ('Annulée', 'Remboursée', 'wc-cancelled', Shopify's 'refunded' or 'voided') that keeps
 * the order out; any other status (paid, completed, 'En cours', partially refunded…) is imported.
 */
export function skippedOrderStatus(value: string | undefined): SkippedOrderStatus | null {
  const status = foldHeader(value ?? "").replace(/^wc_/, "");
  if (/^(annule|annulee|cancelled|canceled|voided|void)$/.test(status)) return "cancelled";
  if (/^(rembourse|remboursee|refunded)$/.test(status)) return "refunded";
  return null;
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
  /** A cancelled or refunded order's line: left out on purpose (`errors.order_status` says why), not refused. */
  skipped?: true;
  /** The refused line's SKU and product name, when it has them (so the shop finds the line). */
  sku?: string;
  product_name?: string;
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

/** 'N° de Commande ' → 'no_de_commande', 'Buyer E-mail' → 'buyer_e_mail', 'Prénom (facturation)' → 'prenom_facturation'. */
export function foldHeader(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[°º]/g, "o")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** A header cell's column: its own name or a known alias, once folded (null: ignored). */
export function normalizeHeader(name: string): OrderCsvColumn | null {
  const key = foldHeader(name);
  if ((ORDER_CSV_COLUMNS as readonly string[]).includes(key)) return key as OrderCsvColumn;
  return ORDER_CSV_HEADER_ALIASES[key] ?? null;
}

/**
 * Columns of a whole header: each cell by `normalizeHeader`, and Shopify's 'Name' (the order's
 * '#1001') read as the reference when the header is a Shopify export ('Lineitem …' columns) and
 * has no other reference.
 */
export function headerColumns(cells: readonly string[]): (OrderCsvColumn | null)[] {
  const columns = cells.map(normalizeHeader);
  const shopify = cells.some((cell) => foldHeader(cell).startsWith("lineitem_"));
  if (shopify && !columns.includes("reference")) {
    const name = cells.findIndex((cell) => foldHeader(cell) === "name");
    if (name >= 0) columns[name] = "reference";
  }
  return columns;
}

/** 'Marie Claire Dupont' → first 'Marie', last 'Claire Dupont' (first word / the rest). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

/** Columns a file must have (or be mapped to by hand); the product by `product_id` or `sku`. */
export const ORDER_CSV_REQUIRED_COLUMNS: readonly OrderCsvColumn[] = [
  "reference",
  "buyer_email",
  "buyer_first_name",
];

/** Which header cell the user chose for a column (the cell's text as written in the file). */
export type OrderCsvMapping = Partial<Record<OrderCsvColumn, string>>;

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

const SHOPIFY_DATE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)\s*([+-]\d{2}):?(\d{2})$/;

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * A date cell to the ISO form: 'JJ/MM/AAAA', Shopify's '2026-11-20 14:30:00 +0100' or WooCommerce's
 * '2026-11-20 14:30'.
 */
export function orderCsvDateToIso(value: string): string {
  const shopify = SHOPIFY_DATE.exec(value.trim());
  if (shopify) return `${shopify[1]}T${shopify[2]}${shopify[3]}:${shopify[4]}`;
  const local = LOCAL_DATE_TIME.exec(value.trim());
  if (local) return `${local[1]}T${local[2]}`;
  return frenchDateToIso(value);
}

export interface OrdersCsvHeader {
  /** Columns recognised in the header, in file order (null for ignored columns). */
  columns: (OrderCsvColumn | null)[];
  /** Missing required columns; when present no row can be read. */
  fileErrors: DomainMessage[];
}

/** A product column: its id, its SKU or its name (an unknown product is created from SKU and name). */
const hasProductColumn = (columns: readonly (OrderCsvColumn | null)[]) =>
  columns.includes("product_id") || columns.includes("sku") || columns.includes("product_name");

/** Required columns the header lacks (a full name stands for the first name). */
export function missingOrderCsvColumns(columns: readonly (OrderCsvColumn | null)[]): OrderCsvColumn[] {
  const missing = ORDER_CSV_REQUIRED_COLUMNS.filter(
    (column) =>
      !columns.includes(column) && !(column === "buyer_first_name" && columns.includes("buyer_full_name")),
  );
  if (!hasProductColumn(columns)) missing.push("sku");
  return missing;
}

/**
 * The header line: which columns are recognised (a hand-made `mapping` wins over the names: the
 * chosen cell becomes that column, any other cell read as it is ignored), and what required column
 * is missing. A mapping naming a cell the header lacks is refused.
 */
export function readOrdersCsvHeader(header: CsvRecord, mapping: OrderCsvMapping = {}): OrdersCsvHeader {
  const columns = headerColumns(header.cells);
  const fileErrors: DomainMessage[] = [];
  for (const [column, cell] of Object.entries(mapping) as [OrderCsvColumn, string][]) {
    if (!(ORDER_CSV_COLUMNS as readonly string[]).includes(column) || !cell) continue;
    const index = header.cells.findIndex((text) => text.trim() === cell.trim());
    if (index < 0) {
      fileErrors.push(message("ordersCsv.mappingUnknownHeader", { header: cell }));
      continue;
    }
    columns.forEach((other, i) => {
      if (other === column) columns[i] = null;
    });
    columns[index] = column;
  }
  const missing = missingOrderCsvColumns(columns).filter((column) => column !== "sku");
  if (missing.length > 0) fileErrors.push(message("ordersCsv.missingColumns", { columns: missing }));
  if (!hasProductColumn(columns)) fileErrors.push(message("ordersCsv.missingProductColumn"));
  return { columns, fileErrors };
}

/** What lines of one reference share: the first line's buyer and date fill the later lines' blanks. */
type BuyerFields = Pick<
  Partial<Record<OrderCsvColumn, string>>,
  "buyer_email" | "buyer_first_name" | "buyer_last_name" | "order_date" | "order_status"
>;
const INHERITED = [
  "buyer_email",
  "buyer_first_name",
  "buyer_last_name",
  "order_date",
  "order_status",
] as const;

/**
 * One data line checked with the order rules (dates JJ/MM/AAAA, ISO or Shopify's). A full name
 * ('Billing Name') fills a missing first and last name. With `buyers` (see `orderCsvLineReader`), a
 * line whose reference an earlier line brought keeps its own values and takes the buyer and date it
 * lacks from that line (Shopify writes 'Billing Name' only on an order's first line).
 */
export function validateOrderCsvRecord(
  columns: readonly (OrderCsvColumn | null)[],
  record: CsvRecord,
  buyers?: Map<string, BuyerFields>,
  productIdByName?: (name: string) => string | null | undefined,
): { ok: true; row: OrderCsvRow } | { ok: false; error: OrderCsvRowError } {
  const values: Partial<Record<OrderCsvColumn, string>> = {};
  columns.forEach((column, index) => {
    // The first column of a given name wins; blank cells read as absent.
    if (column && values[column] === undefined) values[column] = record.cells[index] ?? "";
  });
  if (values.buyer_full_name?.trim() && !values.buyer_first_name?.trim()) {
    const { firstName, lastName } = splitFullName(values.buyer_full_name);
    values.buyer_first_name = firstName;
    if (!values.buyer_last_name?.trim()) values.buyer_last_name = lastName;
  }
  const reference = values.reference?.trim();
  if (buyers && reference) {
    const first = buyers.get(reference);
    if (first) {
      for (const field of INHERITED) if (!values[field]?.trim() && first[field]) values[field] = first[field];
    } else {
      buyers.set(reference, Object.fromEntries(INHERITED.map((field) => [field, values[field]])));
    }
  }
  if (values.order_date) values.order_date = orderCsvDateToIso(values.order_date);
  const sku = values.sku?.trim();
  const productName = values.product_name?.trim();
  const skipped = skippedOrderStatus(values.order_status);
  if (skipped)
    return {
      ok: false,
      error: {
        line: record.line,
        skipped: true,
        errors: { order_status: [message("ordersCsv.skippedStatus", { status: skipped })] },
        ...(sku ? { sku } : {}),
        ...(productName ? { product_name: productName } : {}),
      },
    };
  // A line without SKU nor id (Shopify's products often have no SKU) finds its product by name; an
  // unknown name is a product the import creates (its order is checked with a stand-in SKU). A name
  // two products share finds none and creates none: the line needs its SKU.
  let byNameOnly = false;
  if (productName && !sku && !values.product_id?.trim()) {
    const id = productIdByName?.(productName);
    if (id) values.product_id = id;
    else if (id === undefined) byNameOnly = true;
  }
  const result = validateOrderInput(byNameOnly ? { ...values, sku: "-" } : values);
  if (result.ok && byNameOnly) delete result.order.sku;
  const productErrors: FieldErrors = {};
  const product = readProductFields(values, productErrors);
  if (result.ok && Object.keys(productErrors).length === 0)
    return {
      ok: true,
      row: {
        line: record.line,
        order: result.order,
        ...(Object.keys(product).length ? { product } : {}),
        ...(productName ? { productName: productName.slice(0, 200) } : {}),
      },
    };
  const orderErrors = result.ok ? {} : result.errors;
  const errors = orderErrors.order_date
    ? { ...orderErrors, ...productErrors, order_date: [message("ordersCsv.orderDate")] }
    : { ...orderErrors, ...productErrors };
  return {
    ok: false,
    error: {
      line: record.line,
      errors,
      ...(sku ? { sku } : {}),
      ...(productName ? { product_name: productName } : {}),
    },
  };
}

/**
 * Reads the data lines of one file in order, each line of a reference completed by its first line;
 * with `products`, a line with a product name but no SKU nor id takes the product of that name
 * (accents, case and spaces folded; a name two products share finds none).
 */
export function orderCsvLineReader(
  columns: readonly (OrderCsvColumn | null)[],
  products?: readonly { id: string; name: string }[],
) {
  const buyers = new Map<string, BuyerFields>();
  let byName: Map<string, string | null> | undefined;
  if (products) {
    byName = new Map();
    for (const product of products) {
      const key = foldHeader(product.name);
      byName.set(key, byName.has(key) ? null : product.id);
    }
  }
  const productIdByName = byName ? (name: string) => byName?.get(foldHeader(name)) : undefined;
  return (record: CsvRecord) => validateOrderCsvRecord(columns, record, buyers, productIdByName);
}

/**
 * The data lines grouped by order: each reference's lines in file order, the orders in the order of
 * their first line; a line without reference is a group of its own. An import writes whole groups, so
 * no batch ends inside an order, even when a file lists an order's products apart (sorted by product,
 * written by hand). Lines keep their numbers.
 */
export function groupOrderCsvLines(
  columns: readonly (OrderCsvColumn | null)[],
  records: readonly CsvRecord[],
): CsvRecord[][] {
  // The first column of a given name wins, as in `validateOrderCsvRecord`.
  const column = columns.indexOf("reference");
  const groups: CsvRecord[][] = [];
  const byReference = new Map<string, CsvRecord[]>();
  for (const record of records) {
    const reference = column < 0 ? "" : (record.cells[column] ?? "").trim();
    const group = reference ? byReference.get(reference) : undefined;
    if (group) {
      group.push(record);
      continue;
    }
    const opened = [record];
    groups.push(opened);
    if (reference) byReference.set(reference, opened);
  }
  return groups;
}

/**
 * Reads an orders CSV (',' or ';' detected from the header, BOM dropped, RFC 4180 quotes) and validates
 * every row with the order rules. Line numbers are those of the file (header = line 1).
 */
export function parseOrdersCsv(text: string, mapping: OrderCsvMapping = {}): OrdersCsvResult {
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

  const { columns, fileErrors } = readOrdersCsvHeader(header, mapping);
  if (fileErrors.length === 0 && records.length === 0) fileErrors.push(message("ordersCsv.noRows"));
  if (fileErrors.length > 0) return { ...base, columns, fileErrors };

  const rows: OrderCsvRow[] = [];
  const errors: OrderCsvRowError[] = [];
  const read = orderCsvLineReader(columns);
  for (const record of records) {
    const result = read(record);
    if (result.ok) rows.push(result.row);
    else errors.push(result.error);
  }
  return { separator: parsed.separator, columns, rows, errors, fileErrors: [] };
}

/**
 * Orders of a file whose request e-mail leaves as soon as it is imported: dated longer ago than their
 * request delay (`delayOf` gives a line's product's delay, null when no e-mail is sent for it: unknown
 * product, draft). With `skipOldOrders`, orders older than `OLD_ORDER_DAYS` write to nobody. The
 * order's delay is the latest of its products' (`orderEmailDelays`); a line without date is today's.
 */
export function countRequestsDueAtOnce(
  columns: readonly (OrderCsvColumn | null)[],
  records: readonly CsvRecord[],
  delayOf: (order: OrderInput) => number | null,
  now: Date,
  skipOldOrders: boolean,
  products?: readonly { id: string; name: string }[],
): number {
  const read = orderCsvLineReader(columns, products);
  const byReference = new Map<string, { date: Date; delays: number[] }>();
  for (const record of records) {
    const result = read(record);
    if (!result.ok) continue;
    const { order } = result.row;
    let entry = byReference.get(order.reference);
    if (!entry) {
      entry = { date: (order.order_date ? parseOrderDate(order.order_date) : null) ?? now, delays: [] };
      byReference.set(order.reference, entry);
    }
    const delay = delayOf(order);
    if (delay !== null) entry.delays.push(delay);
  }
  let due = 0;
  for (const { date, delays } of byReference.values()) {
    if (!delays.length || (skipOldOrders && isOldOrder(date, now))) continue;
    const { requestAfterDays } = orderEmailDelays(
      delays.map((requestAfterDays) => ({ requestAfterDays, reminderAfterDays: null })),
    );
    if (requestDueNow(date, requestAfterDays, now)) due += 1;
  }
  return due;
}

/** A product of the company as an import preview reads it. */
export interface CatalogueProduct {
  id: string;
  name: string;
  sku?: string | null;
  status?: string;
}

/** What an import of a file will do, as its preview says it before anything is saved. */
export interface OrdersCsvPreview {
  /**
   * Orders of the file (distinct references, cancelled and refunded ones left out) and their products
   * (lines, each product once per order; a refused line counts as one).
   */
  orders: number;
  products: number;
  /** Products the import will create (unknown SKU, or unknown name without SKU), by name, in file order. */
  newProducts: string[];
  /** Orders left out by their status (cancelled or refunded). */
  skipped: number;
  /** Orders that will be recorded without any e-mail because every product of theirs is a draft. */
  draftOnly: number;
  /** Lines refused (their reasons come with the import's result). */
  refused: number;
}

/** The key a product is known by in a file: its SKU, else its folded name. */
const productKey = (row: OrderCsvRow) =>
  row.order.product_id
    ? `id:${row.order.product_id}`
    : row.order.sku
      ? `sku:${row.order.sku}`
      : `name:${foldHeader(row.productName ?? "")}`;

/**
 * The preview of an import: orders and products counted apart ('64 commandes (100 produits)'), the
 * products it will create, the orders its status keeps out and those no e-mail will reach.
 */
export function previewOrdersCsv(
  columns: readonly (OrderCsvColumn | null)[],
  records: readonly CsvRecord[],
  catalogue: readonly CatalogueProduct[],
): OrdersCsvPreview {
  const read = orderCsvLineReader(columns, catalogue);
  const bySku = new Map(catalogue.filter((p) => p.sku).map((p) => [p.sku as string, p]));
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const orders = new Map<string, { keys: Set<string>; mailed: boolean }>();
  const created = new Map<string, string>();
  const skipped = new Set<string>();
  let refused = 0;
  const referenceColumn = columns.indexOf("reference");
  const orderOf = (reference: string) => {
    let order = orders.get(reference);
    if (!order) {
      order = { keys: new Set<string>(), mailed: false };
      orders.set(reference, order);
    }
    return order;
  };
  for (const record of records) {
    const result = read(record);
    if (!result.ok) {
      const reference = (record.cells[referenceColumn] ?? "").trim() || `line:${record.line}`;
      if (result.error.skipped) {
        skipped.add(reference);
        continue;
      }
      refused += 1;
      orderOf(reference).keys.add(`line:${record.line}`);
      continue;
    }
    const row = result.row;
    const key = productKey(row);
    const known = row.order.product_id
      ? byId.get(row.order.product_id)
      : row.order.sku
        ? bySku.get(row.order.sku)
        : undefined;
    if (!known && !row.order.product_id && !created.has(key))
      created.set(key, row.productName ?? row.order.sku ?? "");
    const order = orderOf(row.order.reference);
    order.keys.add(key);
    if (!known || known.status !== "draft") order.mailed = true;
  }
  let products = 0;
  let draftOnly = 0;
  for (const order of orders.values()) {
    products += order.keys.size;
    const refusedOnly = [...order.keys].every((key) => key.startsWith("line:"));
    if (!order.mailed && !refusedOnly) draftOnly += 1;
  }
  return {
    orders: orders.size,
    products,
    newProducts: [...created.values()],
    skipped: skipped.size,
    draftOnly,
    refused,
  };
}
