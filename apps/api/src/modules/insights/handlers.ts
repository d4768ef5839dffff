import { resolveInsightsPeriod } from "@certavis/domain";
import { domainText } from "@certavis/i18n-fr/server";
import { callerCompanyId } from "../../http/caller";
import { fieldError } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { companyInsights } from "./company-insights";

export const insightsHandlers = defineHandlers({
  companyInsightsGet: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const { from, to, granularity, product_id } = request.query;
    const resolved = resolveInsightsPeriod({ from, to, granularity }, now());
    if (!resolved.ok) throw fieldError("to", domainText({ code: resolved.code }));
    return companyInsights(db, { companyId, productId: product_id ?? null }, resolved.period);
  },
});
