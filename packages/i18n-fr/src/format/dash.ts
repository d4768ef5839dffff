/** What every formatter shows for a missing or invalid value (the spec's "dash"). */
export const DASH = "—";
