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

export interface CsvTokenizerOptions {
  separator?: CsvSeparator;
  /** Stop once this many records are read plus one (`tooManyRecords` is then true). */
  maxRecords?: number;
}

/**
 * RFC 4180 tokenizer that can be run a slice at a time (`step(chars)`), so that a server can read a
 * large file between other work: quoted cells may hold separators, doubled quotes and line breaks;
 * CRLF, LF and CR end records; a BOM is dropped; blank lines are skipped; cells are kept as written.
 */
export class CsvTokenizer {
  readonly separator: CsvSeparator;
  readonly records: CsvRecord[] = [];
  /** True when the file holds more than `maxRecords` records (reading stopped there). */
  tooManyRecords = false;
  done = false;
  private readonly text: string;
  private readonly maxRecords: number;
  private i = 0;
  private cells: string[] = [];
  private cell = "";
  private quoted = false;
  private line = 1;
  private recordLine = 1;
  private quoteStartLine = 1;

  constructor(input: string, options: CsvTokenizerOptions = {}) {
    this.text = stripBom(input);
    this.separator = options.separator ?? detectSeparator(this.text);
    this.maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  }

  /** Set when a quoted cell is never closed (the rest of the file is then that cell). */
  get unterminatedQuoteAt(): number | null {
    return this.done && this.quoted ? this.quoteStartLine : null;
  }

  private endRecord() {
    this.cells.push(this.cell);
    if (this.cells.some((c) => c.trim() !== "")) {
      this.records.push({ line: this.recordLine, cells: this.cells });
      if (this.records.length > this.maxRecords) {
        this.tooManyRecords = true;
        this.done = true;
      }
    }
    this.cells = [];
    this.cell = "";
  }

  /** Reads up to `maxChars` more characters; returns `done`. */
  step(maxChars = Number.POSITIVE_INFINITY): boolean {
    const { text, separator } = this;
    const end = Math.min(text.length, this.i + maxChars);
    for (; this.i < end && !this.done; this.i += 1) {
      const char = text[this.i];
      if (this.quoted) {
        if (char === '"') {
          if (text[this.i + 1] === '"') {
            this.cell += '"';
            this.i += 1;
          } else {
            this.quoted = false;
          }
        } else {
          if (char === "\n" || (char === "\r" && text[this.i + 1] !== "\n")) this.line += 1;
          this.cell += char;
        }
        continue;
      }
      if (char === '"' && this.cell.trim() === "") {
        this.quoted = true;
        this.quoteStartLine = this.line;
        this.cell = "";
      } else if (char === separator) {
        this.cells.push(this.cell);
        this.cell = "";
      } else if (char === "\n" || char === "\r") {
        if (char === "\r" && text[this.i + 1] === "\n") this.i += 1;
        this.endRecord();
        this.line += 1;
        this.recordLine = this.line;
      } else {
        this.cell += char;
      }
    }
    if (!this.done && this.i >= text.length) {
      if (this.quoted || this.cell !== "" || this.cells.length > 0) this.endRecord();
      this.done = true;
    }
    return this.done;
  }
}

/** The whole file at once (see `CsvTokenizer`). */
export function parseCsv(input: string, separator: CsvSeparator = detectSeparator(input)): CsvParseResult {
  const tokenizer = new CsvTokenizer(input, { separator });
  tokenizer.step();
  return {
    separator,
    records: tokenizer.records,
    unterminatedQuoteAt: tokenizer.unterminatedQuoteAt,
  };
}
