import { defineHandlers } from "../../http/operation-types";
import { inviteHandlers } from "./invites";
import { memberHandlers } from "./members";
import { requestHandlers } from "./requests";

/** Members, invitations and join requests. */
export const teamHandlers = defineHandlers({ ...memberHandlers, ...inviteHandlers, ...requestHandlers });
