import type { Schema } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { FormSection } from "./form-section";
import { LinkedField } from "./linked-field";
import type { LinkedPreview } from "./linked-preview-dialog";

const t = fr.products.form;

/** The review form the product's buyers fill in, and its preview. */
export function ProductReviewFormSection({
  forms,
  onPreview,
}: {
  forms: readonly Schema<"Form">[];
  onPreview: (preview: LinkedPreview) => void;
}) {
  return (
    <FormSection title={t.sections.form}>
      <LinkedField
        name="formId"
        label={t.reviewForm}
        options={forms}
        emptyLabel={t.noForms}
        previewOf={(id) => {
          const form = forms.find((x) => x.id === id);
          return form ? { kind: "form", form } : null;
        }}
        onPreview={onPreview}
      />
    </FormSection>
  );
}
