import { defineHandlers } from "../../http/operation-types";

export const authHandlers = defineHandlers({});
