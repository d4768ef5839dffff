import {
  CsvTokenizer,
  decodeCsvBytes,
  message,
  ORDER_CSV_COLUMNS,
  ORDER_CSV_MAX_BYTES,
  ORDER_CSV_MAX_ROWS,
  type OrderCsvMapping,
  readOrdersCsvHeader,
} from "@certavis/domain";
import { orderImport } from "@certavis/i18n-fr/messages/order-import";
import { domainText } from "@certavis/i18n-fr/server";
import type { FastifyRequest } from "fastify";
import { orderImports } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { conflict, HttpError } from "../../http/errors";
import { readMultipart } from "../../http/multipart";
import { yieldToLoop } from "../../lib/yield-to-loop";
import { failStaleImports, type ImportSource, orderImportView } from "./order-import-job";

/** Characters tokenized between two yields to the event loop (a few milliseconds of work). */
const TOKENIZE_SLICE = 100_000;

const fileError = (...messages: string[]) => new HttpError(400, { file: messages });

/**
 * The `mapping` field: a JSON object from a column ('buyer_email') to the header cell chosen for it
 * ('Courriel'); absent or empty means the header's own names. Anything else is a French 400.
 */
function readMapping(field: string | undefined): OrderCsvMapping {
  if (!field?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(field);
  } catch {
    parsed = null;
  }
  const known = ORDER_CSV_COLUMNS as readonly string[];
  if (
    !parsed ||
    typeof parsed !== "object" ||
    Array.isArray(parsed) ||
    Object.entries(parsed).some(([key, value]) => !known.includes(key) || typeof value !== "string")
  )
    throw new HttpError(400, { mapping: [orderImport.server.badMapping] });
  return parsed as OrderCsvMapping;
}

export interface CheckedOrdersFile extends ImportSource {
  filename: string;
  encoding: "utf-8" | "windows-1252";
  separator: "," | ";";
}

/**
 * The `file` part, decoded (UTF-8, else Windows-1252) and tokenized a slice at a time; refused with
 * a French 400 on `file` when missing, binary, longer than 10,000 data lines (reading stops right
 * there), with an unclosed quote, without the required columns or without any line. Nothing is saved.
 */
export async function readOrdersFile(request: FastifyRequest): Promise<CheckedOrdersFile> {
  const body = await readMultipart(request, { maxFileBytes: ORDER_CSV_MAX_BYTES, maxFiles: 1 });
  const file = body.files.find((f) => f.field === "file");
  if (!file) throw fileError(orderImport.server.missingFile);
  const decoded = decodeCsvBytes(file.data);
  if (!decoded) throw fileError(domainText(message("ordersCsv.notCsv")));
  const tokenizer = new CsvTokenizer(decoded.text, { maxRecords: ORDER_CSV_MAX_ROWS + 1 });
  while (!tokenizer.step(TOKENIZE_SLICE)) await yieldToLoop();
  if (tokenizer.tooManyRecords) throw fileError(domainText(message("ordersCsv.tooManyRows")));
  const unterminated = tokenizer.unterminatedQuoteAt;
  if (unterminated !== null)
    throw fileError(domainText(message("ordersCsv.unterminatedQuote", { line: unterminated })));
  const [header, ...records] = tokenizer.records;
  if (!header) throw fileError(domainText(message("ordersCsv.empty")));
  const mapping = readMapping(body.fields.mapping);
  const { columns, fileErrors } = readOrdersCsvHeader(header, mapping);
  if (fileErrors.length) throw fileError(...fileErrors.map(domainText));
  if (records.length === 0) throw fileError(domainText(message("ordersCsv.noRows")));
  return {
    filename: file.filename.slice(0, 255),
    encoding: decoded.encoding,
    separator: tokenizer.separator,
    columns,
    records,
    skipOldOrders: body.fields.skip_old_orders === "true",
  };
}

/**
 * Checks the file, records the job (one running import per company: 409 otherwise) and starts it in
 * the background on this instance. `finished` settles when the job is over.
 */
export async function startOrderImport(request: FastifyRequest) {
  const companyId = callerCompanyId(request);
  const file = await readOrdersFile(request);
  const { db, now } = request.server.ctx;
  await failStaleImports(db, now(), companyId);
  const [job] = await db
    .insert(orderImports)
    .values({
      companyId,
      filename: file.filename,
      encoding: file.encoding,
      separator: file.separator,
      total: file.records.length,
      heartbeatAt: now(),
      createdAt: now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!job) throw conflict(orderImport.server.alreadyRunning);
  const finished = request.server.orderImports.run(job.id, companyId, file);
  return { job: orderImportView(job), finished };
}
