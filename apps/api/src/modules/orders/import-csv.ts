import { parseOrderDate, parseOrdersCsv } from "@certavis/domain";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../../http/errors";
import { readMultipart } from "../../http/multipart";
import { createOrder } from "./create-order";

export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;

export const CSV_MESSAGES = {
  missingFile: "Ajoutez un fichier CSV (champ « file »).",
  notCsv: "Le fichier n'est pas un CSV lisible (UTF-8, séparateur virgule ou point-virgule).",
  tooManyRows: `Le fichier dépasse ${CSV_MAX_ROWS} lignes.`,
} as const;

/** The text of the `file` part, refused (400 on `file`) when missing or not UTF-8 text. */
async function readCsvText(request: FastifyRequest): Promise<string> {
  const body = await readMultipart(request, { maxFileBytes: CSV_MAX_BYTES, maxFiles: 1 });
  const file = body.files.find((f) => f.field === "file");
  if (!file) throw new HttpError(400, { file: [CSV_MESSAGES.missingFile] });
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(file.data);
    if (text.includes("\u0000")) throw new Error("binary");
    return text;
  } catch {
    throw new HttpError(400, { file: [CSV_MESSAGES.notCsv] });
  }
}

/**
 * `POST /company/orders/import/`: the file is read and every row checked with the domain's order
 * rules (`parseOrdersCsv`); a file-level problem (missing columns, unterminated quote, no rows) saves
 * nothing. Good rows become orders, with their e-mail jobs, in ONE transaction; rejected rows are
 * reported by line (header = line 1).
 */
export async function importOrdersCsv(request: FastifyRequest, companyId: string) {
  const { db, now, jwtKey } = request.server.ctx;
  const parsed = parseOrdersCsv(await readCsvText(request));
  if (parsed.fileErrors.length) throw new HttpError(400, { file: parsed.fileErrors });
  if (parsed.rows.length + parsed.errors.length > CSV_MAX_ROWS)
    throw new HttpError(400, { file: [CSV_MESSAGES.tooManyRows] });
  const errors = [...parsed.errors];
  const at = now();
  const outcome = await db.transaction(async (tx) => {
    let created = 0;
    let existing = 0;
    for (const { line, order } of parsed.rows) {
      const result = await createOrder(
        tx,
        companyId,
        {
          productId: order.product_id ?? null,
          sku: order.sku ?? null,
          buyerEmail: order.buyer_email,
          buyerFirstName: order.buyer_first_name,
          buyerLastName: order.buyer_last_name,
          reference: order.reference,
          orderDate: order.order_date ? parseOrderDate(order.order_date) : null,
        },
        { now: at, secret: jwtKey },
      );
      if (!result.ok) errors.push({ line, errors: result.errors });
      else if (result.created) created++;
      else existing++;
    }
    return { created, existing };
  });
  errors.sort((a, b) => a.line - b.line);
  return { ...outcome, errors };
}
