export type CsvCell = string | number | null;

/** A cell a spreadsheet would read as a formula ('=', '+', '-', '@', tab, return) is prefixed with '. */
function cellText(cell: CsvCell, separator: string): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell).replace(".", separator === ";" ? "," : ".");
  const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /["\n\r;,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line with its CRLF: the unit of the streamed exports (the moderation trail, the company ZIP). */
export function csvLine(row: readonly CsvCell[], separator: ";" | "," = ";"): string {
  return `${row.map((cell) => cellText(cell, separator)).join(separator)}\r\n`;
}

/** What starts a CSV file French spreadsheets open in UTF-8 (the byte order mark). */
export const CSV_BOM = "\uFEFF";

/** CSV text as French spreadsheets open it: UTF-8 with BOM, ';' between cells, decimal comma. */
export function csvText(rows: readonly (readonly CsvCell[])[], separator: ";" | "," = ";"): string {
  return `${CSV_BOM}${rows.map((row) => csvLine(row, separator)).join("")}`;
}
