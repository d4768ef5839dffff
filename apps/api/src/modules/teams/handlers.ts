import { defineHandlers } from "../../http/operation-types";
import { inviteHandlers } from "./invites";
import { memberHandlers } from "./members";
import { requestHandlers } from "./requests";

/** Members, invitations and join requests (issue 3 §3). */
export const teamHandlers = defineHandlers({ ...memberHandlers, ...inviteHandlers, ...requestHandlers });
