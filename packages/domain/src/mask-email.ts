/**
 * A buyer's address as roles without access to personal data see it (ARCHITECTURE §10.13): the first
 * character of the local part, then `***`, and the domain — `lea.bernard@exemple.fr` → `l***@exemple.fr`.
 */
export function maskEmail(email: string): string {
  if (email === "") return "";
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.charAt(0)}***${email.slice(at)}`;
}
