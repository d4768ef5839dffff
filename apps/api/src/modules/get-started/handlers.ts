import { callerCompanyId } from "../../http/caller";
import { notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { hideGetStarted, loadGetStarted } from "./get-started";

export const getStartedHandlers = defineHandlers({
  companyGetStartedGet: async (request) => {
    const state = await loadGetStarted(request.server.ctx.db, callerCompanyId(request));
    if (!state) throw notFound();
    return state;
  },

  companyGetStartedHide: async (request) => {
    const { db, now } = request.server.ctx;
    const companyId = callerCompanyId(request);
    await hideGetStarted(db, companyId, now());
    const state = await loadGetStarted(db, companyId);
    if (!state) throw notFound();
    return state;
  },
});
