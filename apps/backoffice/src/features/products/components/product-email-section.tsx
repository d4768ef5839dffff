import type { Schema } from "@certavis/api-client";
import { REQUEST_DELAY } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { useFormContext } from "react-hook-form";
import { DelaySlider } from "../../../components/delay-slider";
import { type ProductEditorValues, requestTemplates } from "../lib/product-form-values";
import { useTemplateDelay } from "../lib/use-template-delay";
import { FormSection } from "./form-section";
import { LinkedField } from "./linked-field";
import type { LinkedPreview } from "./linked-preview-dialog";

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
  const { watch } = useFormContext<ProductEditorValues>();
  const requestDelay = useTemplateDelay("send_after");
  const requests = requestTemplates(templates);
  const requestTemplate = requests.find((x) => x.id === watch("requestTemplateId"));
  const savedDelay =
    requestTemplate?.send_after ?? product?.initial_email_delay_days ?? REQUEST_DELAY.default;
  return (
    <FormSection title={t.sections.email}>
      <LinkedField
        name="requestTemplateId"
        label={t.requestTemplate}
        options={requests}
        emptyLabel={t.noTemplates}
        previewOf={(id) => {
          const template = requests.find((x) => x.id === id);
          return template ? { kind: "template", template, field: "request" } : null;
        }}
        onPreview={onPreview}
      />
      {requestTemplate ? (
        <DelaySlider
          label={t.requestDelay}
          min={REQUEST_DELAY.min}
          max={REQUEST_DELAY.max}
          value={requestDelay.valueOf(requestTemplate.id, savedDelay)}
          onChange={(days) => requestDelay.set(requestTemplate.id, days)}
        />
      ) : null}
    </FormSection>
  );
}
