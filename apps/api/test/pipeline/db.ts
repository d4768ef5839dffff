import { type Database, openDatabase } from "../../src/db/client";

/** A fresh in-memory PGlite with the app's migrations. */
export async function openMemoryDatabase(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  await database.migrate();
  return database;
}
