import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";

const t = frOrderImport;

/** A cell for a ';' CSV: quoted when it holds a separator, a quote or a line break. */
function cell(value: string | number): string {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csv = (rows: (string | number)[][]) =>
  `\uFEFF${rows.map((r) => r.map(cell).join(";")).join("\r\n")}\r\n`;

/** One line of reasons: 'buyer_email : Veuillez saisir une adresse email valide.' joined by ' · '. */
export function reasonOf(errors: Record<string, string[]>): string {
  return Object.entries(errors)
    .map(
      ([field, messages]) =>
        `${frOrderImport.columns[field as keyof typeof t.columns] ?? field} : ${messages.join(" ")}`,
    )
    .join(" · ");
}

/** The refused lines as a CSV Excel opens as is (UTF-8 with BOM, ';'). */
export function refusedLinesCsv(
  errors: readonly { line: number; errors: Record<string, string[]>; sku?: string }[],
): string {
  return csv([[...t.refusedCsvHeader], ...errors.map((e) => [e.line, e.sku ?? "", reasonOf(e.errors)])]);
}

/** The model file: the header the import reads and two example lines. */
export function modelCsv(): string {
  return csv([
    ["reference", "sku", "buyer_email", "buyer_first_name", "buyer_last_name", "order_date"],
    ...t.modelLines.map((line) => line.split(";")),
  ]);
}

/** Saves `text` as a file through a temporary link (the browser's download). */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
