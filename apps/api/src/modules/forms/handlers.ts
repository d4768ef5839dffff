import { isDeepStrictEqual } from "node:util";
import {
  FORM_SCHEMA_MESSAGES,
  type FormField,
  formLimitMessage,
  formSaveSchema,
  isUploadType,
  normalizePages,
  UPLOADS_NOT_ALLOWED_MESSAGE,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { createWithinPlan, duplicateOf } from "../../db/company-lock";
import { companyPlan } from "../../db/company-plan";
import { countRows } from "../../db/count-rows";
import { forms } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { deleteCustomRow, findCompanyRow, updateCompanyRow } from "../../http/company-row";
import { type FieldErrors, fieldErrors, forbidden } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { planRoom } from "../../http/plan-room";
import { toFormView } from "./form-views";

const DEFAULT_NOT_DELETABLE = fr.forms.server.defaultNotDeletable;

/** Custom (non-default) forms count against the plan's `max_forms`. */
const assertFormRoom = planRoom({
  limit: (plan) => plan.max_forms,
  count: (db, companyId) =>
    countRows(db, forms, and(eq(forms.companyId, companyId), eq(forms.isDefault, false))),
  message: formLimitMessage,
});

async function assertUploadsAllowed(
  db: DbOrTx,
  companyId: string,
  schema: readonly FormField[],
): Promise<void> {
  if (!schema.some((f) => isUploadType(f.type))) return;
  if (!(await companyPlan(db, companyId)).uploads) throw forbidden(UPLOADS_NOT_ALLOWED_MESSAGE);
}

/** The save rules of spec §5 (from @certavis/domain), errors keyed name, title, schema. */
function validateForm(input: { name: unknown; title: unknown; description?: unknown; schema: unknown }) {
  const parsed = formSaveSchema.safeParse(input);
  if (parsed.success) return { ...parsed.data, schema: normalizePages(parsed.data.schema as FormField[]) };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "non_field_errors");
    const field =
      key === "name" || key === "title" || key === "description"
        ? key
        : key === "schema"
          ? "schema"
          : "non_field_errors";
    const list = errors[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[field] = list;
  }
  throw fieldErrors(errors);
}

interface FormBody {
  name?: string;
  title?: string;
  description?: string | null;
  status?: "active" | "draft" | "archived";
  schema?: unknown[];
  fields?: unknown[];
}

/**
 * Spec §7 posts the fields as `schema` and `fields`: either one, or both when they are the same list
 * (400 on `fields` otherwise). Undefined when neither is sent.
 */
function fieldsOf(body: FormBody): unknown[] | undefined {
  if (body.schema && body.fields && !isDeepStrictEqual(body.schema, body.fields))
    throw fieldErrors({ fields: [FORM_SCHEMA_MESSAGES.fieldsMismatch] });
  return body.schema ?? body.fields;
}

export const formHandlers = defineHandlers({
  companyFormsList: async (request) => {
    const companyId = callerCompanyId(request);
    const { db } = request.server.ctx;
    const page = pageParams(request.query);
    const where = eq(forms.companyId, companyId);
    const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(forms).where(where);
    const rows = await db
      .select()
      .from(forms)
      .where(where)
      .orderBy(desc(forms.isDefault), asc(sql`lower(${forms.name})`), asc(forms.id))
      .limit(page.limit)
      .offset(page.offset);
    return paged(request, page, total?.n ?? 0, rows.map(toFormView));
  },

  companyFormsCreate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const body = request.body as FormBody;
    const schema = fieldsOf(body);
    if (!schema) throw fieldErrors({ schema: [fr.server.http.required] });
    const valid = validateForm({ name: body.name, title: body.title, description: body.description, schema });
    await assertFormRoom(db, companyId);
    await assertUploadsAllowed(db, companyId, valid.schema);
    const row = await createWithinPlan(
      db,
      companyId,
      assertFormRoom,
      forms,
      {
        name: valid.name,
        title: valid.title,
        description: valid.description ?? "",
        status: body.status ?? "active",
        schema: valid.schema,
        isDefault: false,
      },
      now(),
    );
    reply.code(201);
    return toFormView(row);
  },

  companyFormsGet: async (request) => {
    const companyId = callerCompanyId(request);
    return toFormView(await findCompanyRow(request.server.ctx.db, forms, companyId, request.params.id));
  },

  companyFormsUpdate: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const current = await findCompanyRow(db, forms, companyId, request.params.id);
    const body = request.body as FormBody;
    const schema = fieldsOf(body);
    const valid = validateForm({
      name: body.name ?? current.name,
      title: body.title ?? current.title,
      description: body.description === undefined ? current.description : body.description,
      schema: schema ?? current.schema,
    });
    if (schema) await assertUploadsAllowed(db, companyId, valid.schema);
    const row = await updateCompanyRow(db, forms, companyId, current.id, {
      name: valid.name,
      title: valid.title,
      description: valid.description ?? "",
      schema: valid.schema,
      ...(body.status ? { status: body.status } : {}),
      updatedAt: now(),
    });
    return toFormView(row);
  },

  companyFormsDelete: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db } = request.server.ctx;
    await deleteCustomRow(db, forms, companyId, request.params.id, DEFAULT_NOT_DELETABLE);
    reply.code(204);
  },

  companyFormsDuplicate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const current = await findCompanyRow(db, forms, companyId, request.params.id);
    const copy = { ...duplicateOf(current), isDefault: false };
    const row = await createWithinPlan(db, companyId, assertFormRoom, forms, copy, now());
    reply.code(201);
    return toFormView(row);
  },
});
