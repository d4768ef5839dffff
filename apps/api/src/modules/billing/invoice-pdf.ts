import { invoiceNumber, normalizePlanType, splitVat, VAT_RATE_PERCENT } from "@certavis/domain";
import { formatLongDate, formatPrice, fr, planName } from "@certavis/i18n-fr/server";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { invoices } from "../../db/schema";
import type { InvoiceSeller } from "../../env";
import { fromCents } from "./periods";

const texts = fr.server.invoicePdf;
/** Invoices are dated as a French business reads them. */
const PARIS = { timeZone: "Europe/Paris" };
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const GRAY = rgb(0.4, 0.4, 0.4);

/** What the standard fonts can print (WinAnsi): narrow no-break spaces of French numbers become spaces. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\u202F\u00A0]/g, " ")]
    .map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : "?"))
    .join("");
}

/** The seller's legal lines under its name (French invoice mentions). */
function sellerLines(seller: InvoiceSeller): string[] {
  const siren = seller.siret.slice(0, 9);
  return [
    texts.capital(seller.legalForm, seller.shareCapital),
    ...seller.address,
    texts.companyIds(siren, seller.siret),
    texts.rcs(seller.rcsCity, siren),
    texts.vatNumber(seller.vatNumber),
  ];
}

/**
 * The invoice as a PDF: number, date, the seller's legal details (server configuration), the buyer's
 * name and billing address as they were when the invoice was issued, the plan and period, HT, TVA
 * and TTC (amounts from the domain's `splitVat`).
 */
export async function invoicePdf(
  invoice: typeof invoices.$inferSelect,
  seller: InvoiceSeller,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const number = invoiceNumber(invoice.number);
  pdf.setTitle(texts.title(number));
  pdf.setAuthor(seller.name);
  pdf.setCreationDate(invoice.createdAt);
  pdf.setModificationDate(invoice.createdAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const write = (
    target: PDFPage,
    text: string,
    { font = regular, size = 10, x = MARGIN, color = rgb(0, 0, 0), right = false } = {},
  ) => {
    const safe = printable(font, text);
    const at = right ? A4.width - MARGIN - font.widthOfTextAtSize(safe, size) : x;
    target.drawText(safe, { x: at, y, size, font, color });
  };
  const next = (gap: number) => {
    y -= gap;
  };

  write(page, seller.name, { font: bold, size: 18 });
  write(page, texts.title(number), { font: bold, size: 14, right: true });
  next(16);
  write(page, texts.date(formatLongDate(invoice.createdAt, PARIS)), { right: true });
  for (const line of sellerLines(seller)) {
    write(page, line, { color: GRAY, size: 9 });
    next(12);
  }
  next(36);

  write(page, texts.billedTo, { font: bold, color: GRAY, size: 9 });
  next(15);
  write(page, invoice.buyerName, { font: bold, size: 11 });
  const address = invoice.buyerAddress?.split("\n") ?? [texts.noAddress];
  for (const line of address) {
    next(14);
    write(page, line, invoice.buyerAddress ? {} : { color: GRAY });
  }
  next(40);

  write(page, texts.description, { font: bold });
  write(page, texts.amount, { font: bold, right: true });
  next(8);
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: A4.width - MARGIN, y },
    thickness: 0.5,
    color: GRAY,
  });
  next(18);
  const plan = normalizePlanType(invoice.subscriptionType);
  const { htCents, vatCents, ttcCents } = splitVat(invoice.amountCents);
  const currency = invoice.currency.toUpperCase();
  const price = (cents: number) => formatPrice(fromCents(cents), currency);
  write(page, texts.line(plan ? planName(plan) : invoice.subscriptionType));
  write(page, price(htCents), { right: true });
  next(14);
  write(
    page,
    texts.period(formatLongDate(invoice.periodStart, PARIS), formatLongDate(invoice.periodEnd, PARIS)),
    {
      color: GRAY,
    },
  );
  next(36);

  for (const [label, cents, strong] of [
    [texts.totalHt, htCents, false],
    [texts.vat(VAT_RATE_PERCENT), vatCents, false],
    [texts.totalTtc, ttcCents, true],
  ] as const) {
    write(page, label, { x: A4.width / 2, font: strong ? bold : regular });
    write(page, price(cents), { right: true, font: strong ? bold : regular });
    next(18);
  }
  next(24);
  write(page, texts.paid, { color: GRAY });
  return pdf.save();
}
