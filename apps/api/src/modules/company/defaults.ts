import { REMINDER_DELAY, REQUEST_DELAY } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { Tx } from "../../db/client";
import { emailTemplates, forms } from "../../db/schema";

const texts = fr.server.companyDefaults;

/** ARCHITECTURE §10.5: the defaults every new company gets, so a first product works at once. */
export const DEFAULT_TEMPLATES = [
  { type: "request", ...texts.templates.request, sendAfter: REQUEST_DELAY.default, remindAfter: null },
  { type: "reminder", ...texts.templates.reminder, sendAfter: null, remindAfter: REMINDER_DELAY.default },
  { type: "thanks", ...texts.templates.thanks, sendAfter: null, remindAfter: null },
] as const;

export const DEFAULT_FORM = {
  name: texts.form.name,
  title: texts.form.title,
  description: texts.form.description,
  schema: [
    {
      id: "rating",
      name: "rating",
      type: "rating",
      label: texts.form.ratingLabel,
      required: true,
      page: 0,
      position: 0,
      rating_max: 5,
      rating_type: "star",
    },
    {
      id: "title",
      name: "title",
      type: "text",
      label: texts.form.titleLabel,
      required: false,
      page: 0,
      position: 1,
      max_length: 120,
      review_title: true,
    },
    {
      id: "comment",
      name: "comment",
      type: "textarea",
      label: texts.form.commentLabel,
      required: false,
      page: 0,
      position: 2,
      max_length: 2000,
    },
  ],
};

export interface CompanyDefaults {
  requestTemplateId: string;
  reminderTemplateId: string;
  thanksTemplateId: string;
  formId: string;
}

/** Creates the default templates (request, reminder, thanks; `is_default`) and the default form. */
export async function createCompanyDefaults(tx: Tx, companyId: string): Promise<CompanyDefaults> {
  const templates = await tx
    .insert(emailTemplates)
    .values(
      DEFAULT_TEMPLATES.map((t) => ({
        companyId,
        type: t.type,
        name: t.name,
        subject: t.subject,
        body: t.body,
        sendAfter: t.sendAfter,
        remindAfter: t.remindAfter,
        isDefault: true,
      })),
    )
    .returning({ id: emailTemplates.id, type: emailTemplates.type });
  const [form] = await tx
    .insert(forms)
    .values({ companyId, ...DEFAULT_FORM, status: "active", isDefault: true })
    .returning({ id: forms.id });
  const byType = (type: string) => {
    const found = templates.find((t) => t.type === type);
    if (!found) throw new Error(`default ${type} template not created`);
    return found.id;
  };
  if (!form) throw new Error("default form not created");
  return {
    requestTemplateId: byType("request"),
    reminderTemplateId: byType("reminder"),
    thanksTemplateId: byType("thanks"),
    formId: form.id,
  };
}
