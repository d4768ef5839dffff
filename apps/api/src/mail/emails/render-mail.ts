import { render } from "@react-email/components";
import type { ReactElement } from "react";

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

/** The HTML part and the text part of an e-mail, both rendered from the same component. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: { selectors: PLAIN_SELECTORS, formatters } as never,
    }),
  ]);
  // The text of each paragraph is the text part's business only (React escapes `"` in attributes).
  return { html: html.replace(/ data-plain="[^"]*"/g, ""), text };
}
