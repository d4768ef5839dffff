import { invoiceNumber, normalizePlanType, splitVat, VAT_RATE_PERCENT } from "@certavis/domain";
import { formatLongDate, formatPrice, fr, planName } from "@certavis/i18n-fr/server";
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import type { invoices } from "../../db/schema";
import type { InvoiceSeller } from "../../env";
import { pdfText, type Weight } from "./pdf-text";
import { fromCents } from "./periods";

const texts = fr.server.invoicePdf;
/** Invoices are dated as a French business reads them. */
const PARIS = { timeZone: "Europe/Paris" };
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const GRAY = rgb(0.4, 0.4, 0.4);

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
 * and TTC (amounts from the domain's `splitVat`). Any Unicode name prints (`pdfText`'s fonts); the
 * buyer's name and address lines wrap within the page.
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
  const text = pdfText(pdf);
  const page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const write = (
    target: PDFPage,
    line: string,
    { weight = "regular" as Weight, size = 10, x = MARGIN, color = rgb(0, 0, 0), right = false } = {},
  ) => text.draw(target, line, { x, y, size, weight, color, right: right ? A4.width - MARGIN : undefined });
  const next = (gap: number) => {
    y -= gap;
  };

  await write(page, seller.name, { weight: "bold", size: 18 });
  await write(page, texts.title(number), { weight: "bold", size: 14, right: true });
  next(16);
  await write(page, texts.date(formatLongDate(invoice.createdAt, PARIS)), { right: true });
  for (const line of sellerLines(seller)) {
    await write(page, line, { color: GRAY, size: 9 });
    next(12);
  }
  next(36);

  await write(page, texts.billedTo, { weight: "bold", color: GRAY, size: 9 });
  next(15);
  const width = A4.width - 2 * MARGIN;
  for (const [index, line] of (await text.wrap(invoice.buyerName, "bold", 11, width)).entries()) {
    if (index > 0) next(14);
    await write(page, line, { weight: "bold", size: 11 });
  }
  const address = invoice.buyerAddress?.split("\n") ?? [texts.noAddress];
  const buyerIds = [
    invoice.buyerSiren ? texts.buyerSiren(invoice.buyerSiren) : null,
    invoice.buyerVatNumber ? texts.vatNumber(invoice.buyerVatNumber) : null,
  ].filter((line) => line !== null);
  for (const line of [...address, ...buyerIds]) {
    for (const part of await text.wrap(line, "regular", 10, width)) {
      next(14);
      await write(page, part, invoice.buyerAddress ? {} : { color: GRAY });
    }
  }
  next(40);

  await write(page, texts.description, { weight: "bold" });
  await write(page, texts.amount, { weight: "bold", right: true });
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
  await write(page, texts.line(plan ? planName(plan) : invoice.subscriptionType));
  await write(page, price(htCents), { right: true });
  next(14);
  await write(
    page,
    texts.period(formatLongDate(invoice.periodStart, PARIS), formatLongDate(invoice.periodEnd, PARIS)),
    {
      color: GRAY,
    },
  );
  if (invoice.creditCents) {
    const note = texts.prorated(
      plan ? planName(plan) : invoice.subscriptionType,
      formatLongDate(invoice.periodStart, PARIS),
      formatLongDate(invoice.periodEnd, PARIS),
      price(invoice.amountCents + invoice.creditCents),
      price(invoice.creditCents),
    );
    for (const part of await text.wrap(note, "regular", 9, width)) {
      next(12);
      await write(page, part, { color: GRAY, size: 9 });
    }
  }
  next(36);

  for (const [label, cents, strong] of [
    [texts.totalHt, htCents, false],
    [texts.vat(VAT_RATE_PERCENT), vatCents, false],
    [texts.totalTtc, ttcCents, true],
  ] as const) {
    await write(page, label, { x: A4.width / 2, weight: strong ? "bold" : "regular" });
    await write(page, price(cents), { right: true, weight: strong ? "bold" : "regular" });
    next(18);
  }
  next(24);
  const means = invoice.paymentMethod ? texts.paymentMeans[invoice.paymentMethod] : undefined;
  const footer = [
    `${texts.paidOn(formatLongDate(invoice.paidAt ?? invoice.createdAt, PARIS))}${means ? ` ${means}` : ""}`,
    texts.noDiscount,
    texts.latePayment,
  ];
  for (const line of footer) {
    for (const part of await text.wrap(line, "regular", 9, width)) {
      await write(page, part, { color: GRAY, size: 9 });
      next(12);
    }
  }
  return pdf.save();
}
