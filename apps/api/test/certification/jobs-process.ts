/**
 * The certified-review jobs in their own process, for the exactly-once test (which bundles it).
 * Environment: DATABASE_URL, CLOCK (fixed ISO date), START_AT (epoch ms: both processes start their run
 * at the same instant). Prints `result <json>` and exits.
 */
import { openDatabase } from "../../src/db/client";
import { runCertificationJobs } from "../../src/modules/certification/jobs";

const env = process.env;
const database = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: null });
const clock = new Date(env.CLOCK ?? Date.now());
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(env.START_AT ?? 0) - Date.now())));
const result = await runCertificationJobs(database.db, clock);
console.log(`result ${JSON.stringify(result)}`);
await database.close();
process.exit(0);
