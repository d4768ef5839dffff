import { REMINDER_DELAY, REQUEST_DELAY, templateLimitMessage, validateTemplateBody } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { createWithinPlan, duplicateOf } from "../../db/company-lock";
import { countRows } from "../../db/count-rows";
import { emailTemplates } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { deleteCustomRow, findCompanyRow, updateCompanyRow } from "../../http/company-row";
import { type FieldErrors, fieldErrors } from "../../http/errors";
import { defineHandlers, type SchemaOf } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { planRoom } from "../../http/plan-room";
import { sendTestEmail } from "./send-test-email";
import { toTemplateView } from "./template-views";

const BLANK = fr.server.http.blank;
const {
  defaultTypeLocked: DEFAULT_TYPE_LOCKED,
  thanksTypeLocked: THANKS_TYPE_LOCKED,
  onlyRequestOrReminder: ONLY_REQUEST_OR_REMINDER,
  defaultNotDeletable: DEFAULT_NOT_DELETABLE,
} = fr.templates.server;

/** Custom (non-default) templates count against the plan's `max_templates`. */
const assertTemplateRoom = planRoom({
  limit: (plan) => plan.max_templates,
  count: (db, companyId) =>
    countRows(
      db,
      emailTemplates,
      and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.isDefault, false)),
    ),
  message: templateLimitMessage,
});

type TemplateFields = SchemaOf<"EmailTemplateInput">;

function checkTemplate(
  merged: Required<Pick<TemplateFields, "name" | "subject" | "body" | "type">>,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!merged.name.trim()) errors.name = [BLANK];
  if (!merged.subject.trim()) errors.subject = [BLANK];
  const problem = validateTemplateBody(merged.type, merged.body);
  if (!merged.body.trim()) errors.body = [BLANK];
  else if (problem) errors.body = [problem.description];
  return errors;
}

function delayColumns(type: string, input: TemplateFields) {
  return {
    sendAfter: type === "request" ? (input.send_after ?? undefined) : null,
    remindAfter: type === "reminder" ? (input.remind_after ?? undefined) : null,
  };
}

export const templateHandlers = defineHandlers({
  companyEmailTemplatesList: async (request) => {
    const companyId = callerCompanyId(request);
    const { db } = request.server.ctx;
    const page = pageParams(request.query);
    const where = eq(emailTemplates.companyId, companyId);
    const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(emailTemplates).where(where);
    const rows = await db
      .select()
      .from(emailTemplates)
      .where(where)
      .orderBy(
        desc(emailTemplates.isDefault),
        asc(sql`lower(${emailTemplates.name})`),
        asc(emailTemplates.id),
      )
      .limit(page.limit)
      .offset(page.offset);
    return paged(request, page, total?.n ?? 0, rows.map(toTemplateView));
  },

  companyEmailTemplatesCreate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const input = request.body as TemplateFields &
      Required<Pick<TemplateFields, "name" | "subject" | "body" | "type">>;
    const errors = checkTemplate(input);
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const row = await createWithinPlan(
      db,
      companyId,
      assertTemplateRoom,
      emailTemplates,
      {
        name: input.name.trim(),
        subject: input.subject.trim(),
        body: input.body,
        type: input.type,
        sendAfter: input.type === "request" ? (input.send_after ?? REQUEST_DELAY.default) : null,
        remindAfter: input.type === "reminder" ? (input.remind_after ?? REMINDER_DELAY.default) : null,
        isDefault: false,
      },
      now(),
    );
    reply.code(201);
    return toTemplateView(row);
  },

  companyEmailTemplatesGet: async (request) => {
    const companyId = callerCompanyId(request);
    return toTemplateView(
      await findCompanyRow(request.server.ctx.db, emailTemplates, companyId, request.params.id),
    );
  },

  companyEmailTemplatesUpdate: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const current = await findCompanyRow(db, emailTemplates, companyId, request.params.id);
    const input = request.body as TemplateFields;
    const errors: FieldErrors = {};
    const type = input.type ?? (current.type as "request" | "reminder" | "thanks");
    if (
      input.type !== undefined &&
      input.type !== current.type &&
      (current.isDefault || current.type === "thanks")
    )
      errors.type = [current.isDefault ? DEFAULT_TYPE_LOCKED : THANKS_TYPE_LOCKED];
    // Spec §5: the editor's type choices are request and reminder; a thanks template stays one.
    else if (input.type === "thanks" && current.type !== "thanks") errors.type = [ONLY_REQUEST_OR_REMINDER];
    const merged = {
      name: input.name ?? current.name,
      subject: input.subject ?? current.subject,
      body: input.body ?? current.body,
      type,
    };
    Object.assign(errors, checkTemplate(merged));
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const delays = delayColumns(type, input);
    const row = await updateCompanyRow(db, emailTemplates, companyId, current.id, {
      name: merged.name.trim(),
      subject: merged.subject.trim(),
      body: merged.body,
      type,
      ...(delays.sendAfter !== undefined ? { sendAfter: delays.sendAfter } : {}),
      ...(delays.remindAfter !== undefined ? { remindAfter: delays.remindAfter } : {}),
      updatedAt: now(),
    });
    return toTemplateView(row);
  },

  companyEmailTemplatesDelete: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db } = request.server.ctx;
    await deleteCustomRow(db, emailTemplates, companyId, request.params.id, DEFAULT_NOT_DELETABLE);
    reply.code(204);
  },

  companyEmailTemplatesSendTest: async (request, reply) => {
    const queued = await sendTestEmail(request);
    reply.code(202);
    return queued;
  },

  companyEmailTemplatesDuplicate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const current = await findCompanyRow(db, emailTemplates, companyId, request.params.id);
    const copy = { ...duplicateOf(current), isDefault: false };
    const row = await createWithinPlan(db, companyId, assertTemplateRoom, emailTemplates, copy, now());
    reply.code(201);
    return toTemplateView(row);
  },
});
