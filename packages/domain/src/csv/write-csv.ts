export type CsvCell = string | number | null;

/** A cell a spreadsheet would read as a formula ('=', '+', '-', '@', tab, return) is prefixed with '. */
function cellText(cell: CsvCell, separator: string): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell).replace(".", separator === ";" ? "," : ".");
  const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /["\n\r;,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text as French spreadsheets open it: UTF-8 with BOM, ';' between cells, decimal comma. */
export function csvText(rows: readonly (readonly CsvCell[])[], separator: ";" | "," = ";"): string {
  return `\uFEFF${rows.map((row) => row.map((cell) => cellText(cell, separator)).join(separator)).join("\r\n")}\r\n`;
}
