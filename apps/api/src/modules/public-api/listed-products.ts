import { sql } from "drizzle-orm";

/**
 * A published review stays public whatever its product's status (ARCHITECTURE §10.12): archived, or back to
 * draft. A product without published reviews is shown (listed, given a page) only while it is active.
 */
export const LISTED_WITHOUT_REVIEWS: readonly string[] = ["active", "published"];

/** `LISTED_WITHOUT_REVIEWS` as an SQL test of the status column (or expression) `status`. */
export const isListedWithoutReviews = (status: unknown) =>
  sql<boolean>`${status} IN (${sql.join(
    LISTED_WITHOUT_REVIEWS.map((s) => sql`${s}`),
    sql`, `,
  )})`;
