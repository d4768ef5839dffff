import { type FormField, isUploadType, normalizePlanType, planLimits } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { companies, forms } from "../../db/schema";
import type { ResponseOf } from "../../http/operation-types";
import type { FileStorage } from "../../lib/storage";
import { wireFields } from "../forms/form-views";

type FormView = ResponseOf<"reviewFormGet", 200>;
type FormRow = typeof forms.$inferSelect;

/**
 * The fields a buyer answers: the form's own, and on the default form of a plan that includes photos,
 * an optional photos field after them (the stored default stays the same on every plan, so a free
 * plan's company can still edit it).
 */
export function buyerFields(form: FormRow, planType: string): FormField[] {
  const fields = form.schema as FormField[];
  const plan = normalizePlanType(planType);
  if (!form.isDefault || !plan || !planLimits(plan).uploads || fields.some((f) => isUploadType(f.type))) {
    return fields;
  }
  const page = Math.max(0, ...fields.map((f) => f.page ?? 0));
  const position = fields.filter((f) => (f.page ?? 0) === page).length;
  return [
    ...fields,
    {
      id: "photos",
      name: "photos",
      type: "media",
      label: fr.server.companyDefaults.form.photosLabel,
      required: false,
      page,
      position,
      allow_images: true,
      allow_videos: false,
      max_count: 3,
      max_size_mb: 10,
    },
  ];
}

/** The form as the buyer's page reads it (the real form and its preview alike). */
export function formForBuyer(form: FormRow, planType: string): FormView["form"] {
  return {
    id: form.id,
    title: form.title || form.name,
    description: form.description || null,
    schema: wireFields(buyerFields(form, planType)),
  };
}

/** The shop as the buyer's page shows it; `contactEmail` is the caller's to choose (see the preview). */
export function shopForBuyer(
  company: typeof companies.$inferSelect,
  storage: FileStorage,
  contactEmail: string | null,
): FormView["company"] {
  return {
    name: company.name,
    url: company.website ?? null,
    logo: storage.url(company.logoPath),
    contact_email: contactEmail,
  };
}
