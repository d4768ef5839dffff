import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Controller, useFormContext } from "react-hook-form";
import type { ProductEditorValues } from "../lib/product-form-values";
import type { LinkedPreview } from "./linked-preview-dialog";
import { LinkedSelect } from "./linked-select";

const t = fr.products.form;

/** A template or form chosen for the product, with a preview of the chosen one. */
export function LinkedField({
  name,
  label,
  options,
  emptyLabel,
  previewOf,
  onPreview,
}: {
  name: "requestTemplateId" | "reminderTemplateId" | "formId";
  label: string;
  options: readonly { id: string; name: string }[];
  emptyLabel: string;
  /** What the preview shows for the chosen id (null: nothing to preview). */
  previewOf: (id: string) => LinkedPreview | null;
  onPreview: (preview: LinkedPreview) => void;
}) {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProductEditorValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const preview = previewOf(field.value);
        return (
          <LinkedSelect
            label={label}
            value={field.value}
            onChange={field.onChange}
            options={options}
            emptyLabel={emptyLabel}
            error={errors[name]?.message}
          >
            {preview ? (
              <Button type="button" variant="outline" onClick={() => onPreview(preview)}>
                {t.preview}
              </Button>
            ) : null}
          </LinkedSelect>
        );
      }}
    />
  );
}
