import type { companies, forms } from "../../db/schema";
import type { ResponseOf } from "../../http/operation-types";
import type { FileStorage } from "../../lib/storage";
import { wireFields } from "../forms/form-views";

type FormView = ResponseOf<"reviewFormGet", 200>;

/** The form as the buyer's page reads it (the real form and its preview alike). */
export function formForBuyer(form: typeof forms.$inferSelect): FormView["form"] {
  return {
    id: form.id,
    title: form.title || form.name,
    description: form.description || null,
    schema: wireFields(form.schema),
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
