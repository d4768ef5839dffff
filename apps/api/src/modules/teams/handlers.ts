import { defineHandlers } from "../../http/operation-types";

/** Members, invitations and join requests (issue 3 §3). */
export const teamHandlers = defineHandlers({});
