// The domain is built without DOM or Node types; TextDecoder exists in both (WHATWG Encoding).
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };

/** The encodings a CSV file may come in: UTF-8 (with or without BOM) or Excel's French default. */
export type CsvEncoding = "utf-8" | "windows-1252";

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
}

/**
 * Decodes the bytes of a CSV file: UTF-8 when they are valid UTF-8 (a BOM is kept for the parser to
 * drop), otherwise Windows-1252 (what Excel saves in France). Null for a binary file (a NUL byte, or
 * a UTF-16 BOM), which is no CSV in either encoding.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv | null {
  if (bytes.includes(0)) return null;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}
