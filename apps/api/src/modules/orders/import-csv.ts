import type { FastifyRequest } from "fastify";
import { type FieldErrors, HttpError } from "../../http/errors";
import { readMultipart } from "../products/multipart";
import { createOrder, type OrderData } from "./create-order";
import { parseCsv } from "./csv";
import { parseOrderDate } from "./order-views";

export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;

export const CSV_MESSAGES = {
  missingFile: "Ajoutez un fichier CSV (champ « file »).",
  notCsv: "Le fichier n'est pas un CSV lisible (UTF-8, séparateur virgule ou point-virgule).",
  empty: "Le fichier ne contient aucune commande.",
  missingColumns: (names: string[]) => `Colonnes manquantes : ${names.join(", ")}.`,
  tooManyRows: `Le fichier dépasse ${CSV_MAX_ROWS} lignes.`,
  required: "Ce champ est obligatoire.",
  email: "Saisissez une adresse e-mail valide.",
  date: "Date invalide (AAAA-MM-JJ ou date ISO 8601).",
  product: "Indiquez le produit (colonne sku ou product_id).",
  tooLong: (n: number) => `Assurez-vous que ce champ ne dépasse pas ${n} caractères.`,
  duplicateReference: "Cette référence apparaît déjà plus haut dans le fichier.",
} as const;

const REQUIRED = ["reference", "buyer_email", "buyer_first_name", "buyer_last_name"] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Row {
  line: number;
  data: OrderData;
}

/** Header + rows → orders ready for `createOrder`, or the errors of each rejected line. */
export function readOrderRows(text: string): {
  rows: Row[];
  errors: { line: number; errors: FieldErrors }[];
} {
  if (text.includes("\u0000")) throw new HttpError(400, { file: [CSV_MESSAGES.notCsv] });
  const table = parseCsv(text);
  const header = table.shift();
  if (!header) throw new HttpError(400, { file: [CSV_MESSAGES.empty] });
  const columns = header.cells.map((c) => c.trim().toLowerCase().replace(/\s+/g, "_"));
  const missing: string[] = REQUIRED.filter((name) => !columns.includes(name));
  if (!columns.includes("sku") && !columns.includes("product_id")) missing.push("sku ou product_id");
  if (missing.length) throw new HttpError(400, { file: [CSV_MESSAGES.missingColumns(missing)] });
  if (table.length === 0) throw new HttpError(400, { file: [CSV_MESSAGES.empty] });
  if (table.length > CSV_MAX_ROWS) throw new HttpError(400, { file: [CSV_MESSAGES.tooManyRows] });

  const rows: Row[] = [];
  const errors: { line: number; errors: FieldErrors }[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of table) {
    const get = (name: string) => {
      const index = columns.indexOf(name);
      return index < 0 ? "" : (cells[index] ?? "").trim();
    };
    const rowErrors: FieldErrors = {};
    const add = (field: string, message: string) => {
      rowErrors[field] = [...(rowErrors[field] ?? []), message];
    };
    for (const name of REQUIRED)
      if (name !== "buyer_last_name" && !get(name)) add(name, CSV_MESSAGES.required);
    const email = get("buyer_email");
    if (email && !EMAIL.test(email)) add("buyer_email", CSV_MESSAGES.email);
    for (const [name, max] of [
      ["reference", 100],
      ["buyer_email", 254],
      ["buyer_first_name", 150],
      ["buyer_last_name", 150],
      ["sku", 100],
    ] as const) {
      if (get(name).length > max) add(name, CSV_MESSAGES.tooLong(max));
    }
    if (!get("sku") && !get("product_id"))
      add(columns.includes("sku") ? "sku" : "product_id", CSV_MESSAGES.product);
    const dateText = get("order_date");
    const orderDate = dateText ? parseOrderDate(dateText) : null;
    if (dateText && !orderDate) add("order_date", CSV_MESSAGES.date);
    const reference = get("reference");
    if (reference && seen.has(reference)) add("reference", CSV_MESSAGES.duplicateReference);
    if (Object.keys(rowErrors).length) {
      errors.push({ line, errors: rowErrors });
      continue;
    }
    seen.add(reference);
    rows.push({
      line,
      data: {
        productId: get("product_id") || null,
        sku: get("sku") || null,
        buyerEmail: email,
        buyerFirstName: get("buyer_first_name"),
        buyerLastName: get("buyer_last_name"),
        reference,
        orderDate,
      },
    });
  }
  return { rows, errors };
}

/**
 * `POST /company/orders/import/`: good rows become orders (with their e-mail jobs) in ONE
 * transaction, rejected rows are reported by line; a file that is not a usable CSV saves nothing.
 */
export async function importOrdersCsv(request: FastifyRequest, companyId: string) {
  const { db, now, jwtKey } = request.server.ctx;
  const body = await readMultipart(request, CSV_MAX_BYTES);
  const file = body.files.find((f) => f.field === "file");
  if (!file) throw new HttpError(400, { file: [CSV_MESSAGES.missingFile] });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.data);
  } catch {
    throw new HttpError(400, { file: [CSV_MESSAGES.notCsv] });
  }
  const { rows, errors } = readOrderRows(text);
  const at = now();
  const outcome = await db.transaction(async (tx) => {
    let created = 0;
    let existing = 0;
    for (const row of rows) {
      const result = await createOrder(tx, companyId, row.data, { now: at, secret: jwtKey });
      if (!result.ok) errors.push({ line: row.line, errors: result.errors });
      else if (result.created) created++;
      else existing++;
    }
    return { created, existing };
  });
  errors.sort((a, b) => a.line - b.line);
  return { ...outcome, errors };
}
