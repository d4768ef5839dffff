/**
 * JSON to put inside a `<script>` element (application/json or application/ld+json): `<`, `>` and `&`
 * become `\u003c`… so no text can close the script or open a comment, and U+2028/U+2029 are escaped
 * for old JavaScript parsers. The result is still valid JSON with the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
