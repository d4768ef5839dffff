import { isBasicEmail, normalizeEmail, normalizeSiren, normalizeVatNumber } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { FieldErrors } from "../../http/errors";

export const WEBSITE_MAX_LENGTH = 500;
export const NAME_MAX_LENGTH = 200;

/** Name trimmed and non-empty, or an error on `name`. */
export function readCompanyName(value: unknown, errors: FieldErrors): string | undefined {
  if (typeof value !== "string") {
    errors.name = [fr.server.http.required];
    return undefined;
  }
  const name = value.trim();
  if (!name) errors.name = [fr.server.http.blank];
  else if (name.length > NAME_MAX_LENGTH) errors.name = [fr.server.company.nameTooLong(NAME_MAX_LENGTH)];
  return name || undefined;
}

/**
 * The website as typed (the back-office prefixes `https://` when there is no scheme), or null when
 * empty. It must be an http(s) address or a bare host name with a dot: `javascript:` and friends never
 * reach a link.
 */
export function readWebsite(value: unknown, errors: FieldErrors): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== "string") {
    errors.website = [fr.server.http.invalidUrl];
    return undefined;
  }
  const website = value.trim();
  if (!website) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`;
  let url: URL | null = null;
  try {
    url = new URL(withScheme);
  } catch {
    url = null;
  }
  const valid =
    url !== null &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.hostname.includes(".") &&
    !/\s/.test(website) &&
    website.length <= WEBSITE_MAX_LENGTH;
  if (!valid) {
    errors.website = [fr.server.http.invalidUrl];
    return undefined;
  }
  return website;
}

export const CONTACT_EMAIL_MAX_LENGTH = 254;

/**
 * The contact address for buyers, lower-cased, or null (empty or null: back to the owner's address);
 * an error on `contact_email` when it is not an address.
 */
export function readContactEmail(value: unknown, errors: FieldErrors): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== "string") {
    errors.contact_email = [fr.server.http.invalidEmail];
    return undefined;
  }
  const email = normalizeEmail(value);
  if (!email) return null;
  if (!isBasicEmail(email) || email.length > CONTACT_EMAIL_MAX_LENGTH) {
    errors.contact_email = [fr.server.http.invalidEmail];
    return undefined;
  }
  return email;
}

export const BILLING_ADDRESS_MAX_LENGTH = 500;

/** The invoices' postal address: lines trimmed, empty lines dropped; null when empty. */
export function readBillingAddress(value: unknown, errors: FieldErrors): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== "string") {
    errors.billing_address = [fr.server.http.invalid];
    return undefined;
  }
  const address = value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
  if (address.length > BILLING_ADDRESS_MAX_LENGTH) {
    errors.billing_address = [fr.server.schema.maxLength(BILLING_ADDRESS_MAX_LENGTH)];
    return undefined;
  }
  return address || null;
}

/** The SIREN or VAT number printed on invoices: normalised by the domain; empty or null clears it. */
export function readBillingId(
  field: "billing_siren" | "billing_vat_number",
  value: unknown,
  errors: FieldErrors,
): string | null | undefined {
  if (value === null || (typeof value === "string" && value.trim() === "")) return null;
  const normalized =
    typeof value === "string" && value.length <= 20
      ? field === "billing_siren"
        ? normalizeSiren(value)
        : normalizeVatNumber(value)
      : null;
  if (normalized) return normalized;
  errors[field] = [
    field === "billing_siren" ? fr.server.company.sirenInvalid : fr.server.company.vatNumberInvalid,
  ];
  return undefined;
}
