import type { TemplateType } from "@certavis/domain";

/** What the template editor's form holds. */
export interface TemplateFormValues {
  name: string;
  type: TemplateType;
  subject: string;
  body: string;
}
