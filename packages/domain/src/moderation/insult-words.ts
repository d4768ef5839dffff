/**
 * French insults the automatic checks look for (Certavis mode), written without accents and in lower
 * case (the text is compared once folded the same way); a plural or feminine ending also matches.
 * A match only sends the review to an operator: it never rejects it by itself.
 */
export const INSULT_WORDS: readonly string[] = [
  "abruti",
  "batard",
  "bouffon",
  "connard",
  "connasse",
  "couillon",
  "cretin",
  "debile",
  "encule",
  "enfoire",
  "fils de pute",
  "grognasse",
  "imbecile",
  "merdeux",
  "minable",
  "nique ta mere",
  "petasse",
  "pouffiasse",
  "pute",
  "salaud",
  "salopard",
  "salope",
  "ta gueule",
  "tocard",
  "trou du cul",
];
