import type { Schema } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Controller, useFormContext } from "react-hook-form";
import type { ProductEditorValues } from "../lib/product-form-values";
import { FormSection } from "./form-section";
import type { LinkedPreview } from "./linked-preview-dialog";
import { LinkedSelect } from "./linked-select";

const t = fr.products.form;

/** The review form the product's buyers fill in, and its preview. */
export function ProductReviewFormSection({
  forms,
  onPreview,
}: {
  forms: readonly Schema<"Form">[];
  onPreview: (preview: LinkedPreview) => void;
}) {
  const {
    control,
    watch,
    formState: { errors },
  } = useFormContext<ProductEditorValues>();
  const chosenForm = forms.find((x) => x.id === watch("formId"));
  return (
    <FormSection title={t.sections.form}>
      <Controller
        control={control}
        name="formId"
        render={({ field }) => (
          <LinkedSelect
            label={t.reviewForm}
            value={field.value}
            onChange={field.onChange}
            options={forms}
            emptyLabel={t.noForms}
            error={errors.formId?.message}
          >
            {chosenForm ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => onPreview({ kind: "form", form: chosenForm })}
              >
                {t.preview}
              </Button>
            ) : null}
          </LinkedSelect>
        )}
      />
    </FormSection>
  );
}
