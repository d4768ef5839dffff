/** `value` with `token` inserted over the selection [start, end); the caret goes after the token. */
export function insertAt(
  value: string,
  token: string,
  start: number | null | undefined,
  end: number | null | undefined,
): { value: string; caret: number } {
  const from = Math.min(Math.max(0, start ?? value.length), value.length);
  const to = Math.min(Math.max(from, end ?? from), value.length);
  return { value: value.slice(0, from) + token + value.slice(to), caret: from + token.length };
}
