import { toPlainText } from "@react-email/components";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** What react-email's `render` puts before the markup (Outlook reads XHTML 1.0 Transitional best). */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * An element whose text part is exactly `data-plain` (what the e-mail said as plain text before it
 * had components: the shop's template as typed, `text : link` footers), as a paragraph of its own.
 */
const PLAIN_SELECTORS = [
  { selector: "[data-plain]", format: "plainLiteral" },
  // The preview line is for the inbox list only.
  { selector: "div[data-skip-in-text]", format: "skip" },
];

type Builder = {
  openBlock(options: { leadingLineBreaks: number }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
  addLiteral(text: string): void;
};

const formatters = {
  plainLiteral: (elem: { attribs: Record<string, string> }, _walk: unknown, builder: Builder) => {
    builder.openBlock({ leadingLineBreaks: 2 });
    builder.addLiteral(elem.attribs["data-plain"] ?? "");
    builder.closeBlock({ trailingLineBreaks: 2 });
  },
};

/**
 * The HTML part and the text part of an e-mail, both from ONE render of the same component: the
 * markup React writes once, its text by react-email's own `toPlainText` (what `render(…, { plainText })`
 * does after a second render). Synchronous markup rather than react-email's streamed `render`: an
 * e-mail suspends on nothing, and the queue renders thousands at once (the stream path and a render
 * per part cost 4× the CPU: bench/README.md).
 */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const markup = renderToStaticMarkup(element);
  const text = toPlainText(markup, { selectors: PLAIN_SELECTORS, formatters } as never);
  // The text of each paragraph is the text part's business only (React escapes `"` in attributes).
  const html = `${DOCTYPE}${markup.replace(/<!DOCTYPE.*?>/, "")}`.replace(/ data-plain="[^"]*"/g, "");
  return { html, text };
}
