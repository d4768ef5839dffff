import { defineHandlers } from "../../http/operation-types";

export const systemHandlers = defineHandlers({
  healthGet: async () => ({ status: "ok" as const }),
});
