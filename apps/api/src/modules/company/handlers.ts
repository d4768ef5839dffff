import { defineHandlers } from "../../http/operation-types";

/** The caller's company, its API key and company search (issue 3 §3). */
export const companyHandlers = defineHandlers({});
