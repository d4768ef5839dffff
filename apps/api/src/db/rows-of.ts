/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <Row = Record<string, unknown>>(result: unknown) => (result as { rows: Row[] }).rows;
