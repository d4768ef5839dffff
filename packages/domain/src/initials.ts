/**
 * First letters of up to two words, upper-cased ('jean dupont' → 'JD'). A module of its own: the
 * back-office shell needs it on every screen, without the review normalizer around it.
 */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "")
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toUpperCase();
}
