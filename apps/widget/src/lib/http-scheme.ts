/**
 * The length of a leading `https://` (8) or `http://` (7) in `url`, else 0. Plain string tests, not a
 * regular expression: the embed loader runs on shops' pages, where the first use of one costs the main
 * thread a tenth of a millisecond or more.
 */
export function httpSchemeLength(url: string): 0 | 7 | 8 {
  return url.startsWith("https://") ? 8 : url.startsWith("http://") ? 7 : 0;
}
