import { defineHandlers } from "../../http/operation-types";

export const userHandlers = defineHandlers({});
