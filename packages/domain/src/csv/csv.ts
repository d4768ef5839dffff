export type CsvSeparator = "," | ";";

export interface CsvRecord {
  /** 1-based line of the file where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

export interface CsvParseResult {
  separator: CsvSeparator;
  records: CsvRecord[];
  /** Set when a quoted cell is never closed (the rest of the file is then that cell). */
  unterminatedQuoteAt: number | null;
}

const BOM = "\uFEFF";

export function stripBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** ';' when the header line has more semicolons than commas outside quotes, else ','. */
export function detectSeparator(text: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of stripBom(text)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ",") commas += 1;
    else if (!quoted && char === ";") semicolons += 1;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * RFC 4180 parser: quoted cells may hold separators, doubled quotes and line breaks; CRLF, LF and CR
 * end records; a BOM is dropped. Blank lines are skipped. Cells are returned as written (not trimmed).
 */
export function parseCsv(input: string, separator: CsvSeparator = detectSeparator(input)): CsvParseResult {
  const text = stripBom(input);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteStartLine = 1;

  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };

  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === "\n" || (char === "\r" && text[i + 1] !== "\n")) line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === "") {
      quoted = true;
      quoteStartLine = line;
      cell = "";
    } else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted || cell !== "" || cells.length > 0) endRecord();
  return { separator, records, unterminatedQuoteAt: quoted ? quoteStartLine : null };
}
