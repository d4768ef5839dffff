import { randomBytes } from "node:crypto";
import pg from "pg";
import { TEST_DATABASE_URL } from "../helpers";

/** A fresh, empty (not migrated) PostgreSQL database on the test server; null without TEST_DATABASE_URL. */
export async function createEmptyPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `certavis_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
