import { api } from "../../../lib/api-client";

export type DelayKind = "send_after" | "remind_after";

/** Spec §7: the template PATCH sets only `send_after` (request) or `remind_after` (reminder). */
export const updateTemplateDelay = (id: string, kind: DelayKind, days: number) =>
  api.patch("/company/email-templates/{id}/", {
    params: { path: { id } },
    body: kind === "send_after" ? { send_after: days } : { remind_after: days },
  });
