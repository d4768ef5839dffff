/** A scheme such as `https:` or `mailto:` at the start of an address (`exemple.fr:8080` is a port, not one). */
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/**
 * The link opened for a company website (spec §2): `https://` is prefixed when the value has no scheme;
 * null for an empty value or a scheme other than http(s) (never a `javascript:` link).
 */
export function websiteHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  if (!trimmed) return null;
  if (!SCHEME.test(trimmed)) return `https://${trimmed.replace(/^\/+/, "")}`;
  return /^https?:\/\//i.test(trimmed) ? trimmed : null;
}
