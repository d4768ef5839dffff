/** French VAT on our subscriptions (TVA, taux normal). */
export const VAT_RATE_PERCENT = 20;

export interface VatSplit {
  /** Before VAT (HT), in cents. */
  htCents: number;
  /** The VAT (TVA), in cents: what is left of the total once HT is rounded to the cent. */
  vatCents: number;
  /** VAT included (TTC): the amount paid, in cents. */
  ttcCents: number;
}

/**
 * The one rule for our amounts: a plan's price and an invoice's amount are what is paid, VAT included
 * (TTC); HT is TTC / 1.20 rounded to the cent and TVA the difference, so HT + TVA = TTC to the cent.
 */
export function splitVat(ttcCents: number): VatSplit {
  const htCents = Math.round((ttcCents * 100) / (100 + VAT_RATE_PERCENT));
  return { htCents, vatCents: ttcCents - htCents, ttcCents };
}

/** Cents of an amount in currency units (29.99 → 2999). */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** An invoice's number as printed: `F-000042` (one unbroken sequence in issue order). */
export const invoiceNumber = (sequence: number): string => `F-${String(sequence).padStart(6, "0")}`;

/** A price paid VAT included, in currency units, before VAT (29.99 → 24.99). */
export const priceHt = (ttc: number): number => splitVat(toCents(ttc)).htCents / 100;

/**
 * A French SIREN as typed (spaces allowed): its 9 digits when they pass the Luhn check INSEE uses,
 * else null.
 */
export function normalizeSiren(value: string): string | null {
  const digits = value.replace(/[\s.]/g, "");
  if (!/^\d{9}$/.test(digits)) return null;
  let sum = 0;
  for (const [index, char] of [...digits].reverse().entries()) {
    let digit = Number(char);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0 ? digits : null;
}

/** An intra-EU VAT number as typed: upper case without spaces (`FR32123456789`), else null. */
export function normalizeVatNumber(value: string): string | null {
  const compact = value.replace(/[\s.-]/g, "").toUpperCase();
  return /^[A-Z]{2}[0-9A-Z]{2,12}$/.test(compact) ? compact : null;
}
