/** Characters XML 1.0 does not allow in a document (C0 controls but tab and line breaks, lone surrogates, U+FFFE/F). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters XML 1.0 forbids (a name typed or imported with control characters). */
export function withoutNonXml(value: string): string {
  return value.replace(NOT_XML, "");
}

/** Text as XML character data: forbidden characters dropped, markup escaped (`]]>` cannot survive `&gt;`). */
export function xmlText(value: string): string {
  return withoutNonXml(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
