import { defineConfig } from "drizzle-kit";

// Migrations are generated from src/db/schema and applied at start (PGlite and PostgreSQL alike).
// Nothing is deployed yet: a schema change may regenerate them from scratch (rm -r drizzle && pnpm db:generate).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
