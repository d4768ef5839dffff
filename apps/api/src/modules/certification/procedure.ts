import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { companies } from "../../db/schema";
import { PROCEDURE_COLUMNS, procedureOf } from "./handlers";
import { renderProcedurePage } from "./procedure-page";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The procedure page of a company, or null when the id names none. */
export async function companyProcedurePage(app: FastifyInstance, companyId: string): Promise<string | null> {
  if (!UUID.test(companyId)) return null;
  const [company] = await app.ctx.db
    .select(PROCEDURE_COLUMNS)
    .from(companies)
    .where(eq(companies.id, companyId));
  const { config, now } = app.ctx;
  return company
    ? renderProcedurePage(procedureOf(company, config.orderPiiRetentionDays, now(), config.publicUrl))
    : null;
}
