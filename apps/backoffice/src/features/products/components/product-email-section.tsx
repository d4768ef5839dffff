import type { Schema } from "@certavis/api-client";
import { REQUEST_DELAY } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { requestTemplates } from "../lib/product-form-values";
import { FormSection } from "./form-section";
import type { LinkedPreview } from "./linked-preview-dialog";
import { TemplateDelayField } from "./template-delay-field";

const t = fr.products.form;

/** The request e-mail's template, its preview and its delay (saved on the template). */
export function ProductEmailSection({
  product,
  templates,
  onPreview,
}: {
  product: Schema<"Product"> | null;
  templates: readonly Schema<"EmailTemplate">[];
  onPreview: (preview: LinkedPreview) => void;
}) {
  return (
    <FormSection title={t.sections.email}>
      <TemplateDelayField
        field="request"
        label={t.requestTemplate}
        delayLabel={t.requestDelay}
        emptyLabel={t.noTemplates}
        options={requestTemplates(templates)}
        bounds={REQUEST_DELAY}
        fallbackDays={product?.initial_email_delay_days ?? REQUEST_DELAY.default}
        productId={product?.id ?? null}
        onPreview={onPreview}
      />
    </FormSection>
  );
}
