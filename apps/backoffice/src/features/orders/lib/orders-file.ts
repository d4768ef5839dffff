import {
  type CsvEncoding,
  type CsvSeparator,
  CsvTokenizer,
  decodeCsvBytes,
  headerColumns,
  message,
  missingOrderCsvColumns,
  ORDER_CSV_MAX_BYTES,
  ORDER_CSV_MAX_ROWS,
  type OrderCsvColumn,
  type OrderCsvMapping,
  readOrdersCsvHeader,
} from "@certavis/domain";
import { domainText } from "@certavis/i18n-fr";

/** Lines shown in the preview. */
export const PREVIEW_LINES = 5;

export interface OrdersFilePreview {
  file: File;
  bytes: Uint8Array;
  encoding: CsvEncoding;
  separator: CsvSeparator;
  /** The header's cells as written, and the column each one is read as (null: ignored). */
  headers: string[];
  columns: (OrderCsvColumn | null)[];
  /** The first data lines: their line number in the file and cells. */
  lines: { line: number; cells: string[] }[];
  /** Data lines of the file (the header not counted). */
  rows: number;
  /** Problems that make the server refuse the whole file (same rules, domain package). */
  fileErrors: string[];
  /** Required columns the header's own names leave missing: the preview offers to map them by hand. */
  unmapped: OrderCsvColumn[];
  /** Problems of the file itself (encoding, size, quotes, no line), whatever the mapping. */
  bodyErrors: string[];
  /** The data lines (their cells), to count the e-mails the import sends at once. */
  records: { line: number; cells: string[] }[];
}

/** The preview read again with a hand-made mapping: its columns and what the server would refuse. */
export function withMapping(preview: OrdersFilePreview, mapping: OrderCsvMapping): OrdersFilePreview {
  const { columns, fileErrors } = readOrdersCsvHeader({ line: 1, cells: preview.headers }, mapping);
  return { ...preview, columns, fileErrors: [...fileErrors.map(domainText), ...preview.bodyErrors] };
}

async function bytesOf(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === "function") return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** Reads a chosen file as the server will (decoding, separator, header, size): the preview's data. */
export async function readOrdersFile(
  file: File,
): Promise<OrdersFilePreview | { file: File; fileErrors: string[] }> {
  if (file.size > ORDER_CSV_MAX_BYTES)
    return { file, fileErrors: [domainText(message("ordersCsv.tooManyRows"))] };
  const bytes = await bytesOf(file);
  const decoded = decodeCsvBytes(bytes);
  if (!decoded) return { file, fileErrors: [domainText(message("ordersCsv.notCsv"))] };
  const tokenizer = new CsvTokenizer(decoded.text, { maxRecords: ORDER_CSV_MAX_ROWS + 1 });
  tokenizer.step();
  const [header, ...records] = tokenizer.records;
  const bodyErrors: string[] = [];
  const { columns, fileErrors: headerErrors } = header
    ? readOrdersCsvHeader(header)
    : { columns: [], fileErrors: [message("ordersCsv.empty")] };
  if (tokenizer.tooManyRecords) bodyErrors.push(domainText(message("ordersCsv.tooManyRows")));
  if (tokenizer.unterminatedQuoteAt !== null)
    bodyErrors.push(
      domainText(message("ordersCsv.unterminatedQuote", { line: tokenizer.unterminatedQuoteAt })),
    );
  if (header && records.length === 0) bodyErrors.push(domainText(message("ordersCsv.noRows")));
  const fileErrors = [...headerErrors.map(domainText), ...bodyErrors];
  return {
    file,
    bytes,
    encoding: decoded.encoding,
    separator: tokenizer.separator,
    headers: header?.cells ?? [],
    columns,
    lines: records.slice(0, PREVIEW_LINES),
    rows: records.length,
    fileErrors,
    bodyErrors,
    unmapped: header ? missingOrderCsvColumns(headerColumns(header.cells)) : [],
    records,
  };
}

export const isPreview = (read: Awaited<ReturnType<typeof readOrdersFile>>): read is OrdersFilePreview =>
  "bytes" in read;
