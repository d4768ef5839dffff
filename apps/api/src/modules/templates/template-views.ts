import type { emailTemplates } from "../../db/schema";

export function toTemplateView(t: typeof emailTemplates.$inferSelect) {
  return {
    id: t.id,
    name: t.name,
    subject: t.subject,
    body: t.body,
    type: t.type as "request" | "reminder" | "thanks",
    send_after: t.type === "request" ? (t.sendAfter ?? null) : null,
    remind_after: t.type === "reminder" ? (t.remindAfter ?? null) : null,
    is_default: t.isDefault,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
