import type { Schema } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { useFormContext } from "react-hook-form";
import { DelaySlider } from "../../../components/delay-slider";
import { useProducts } from "../../../lib/api/get-products";
import type { ProductEditorValues } from "../lib/product-form-values";
import { templateUsers } from "../lib/template-users";
import { useTemplateDelay } from "../lib/use-template-delay";
import { LinkedField } from "./linked-field";
import type { LinkedPreview } from "./linked-preview-dialog";

type Template = Schema<"EmailTemplate">;

const FIELDS = {
  request: { name: "requestTemplateId", delay: "send_after" },
  reminder: { name: "reminderTemplateId", delay: "remind_after" },
} as const;

/**
 * The template of the product's request or reminder e-mail, its preview and, once one is chosen, its
 * delay: a slider saved on the template itself (spec §9), starting from the template's, else `fallbackDays`,
 * saying how many products share it (issue 27.3).
 */
export function TemplateDelayField({
  field,
  label,
  delayLabel,
  emptyLabel,
  options,
  bounds,
  fallbackDays,
  productId,
  onPreview,
}: {
  field: keyof typeof FIELDS;
  label: string;
  delayLabel: string;
  emptyLabel: string;
  options: readonly Template[];
  bounds: { min: number; max: number };
  fallbackDays: number;
  /** The product being edited; null for a new one. */
  productId: string | null;
  onPreview: (preview: LinkedPreview) => void;
}) {
  const { name, delay } = FIELDS[field];
  const { watch } = useFormContext<ProductEditorValues>();
  const delays = useTemplateDelay(delay);
  const products = useProducts();
  const chosen = options.find((x) => x.id === watch(name));
  const savedDelay = chosen?.[delay] ?? fallbackDays;
  return (
    <>
      <LinkedField
        name={name}
        label={label}
        options={options}
        emptyLabel={emptyLabel}
        previewOf={(id) => {
          const template = options.find((x) => x.id === id);
          return template ? { kind: "template", template, field } : null;
        }}
        onPreview={onPreview}
      />
      {chosen ? (
        <DelaySlider
          label={delayLabel}
          min={bounds.min}
          max={bounds.max}
          value={delays.valueOf(chosen.id, savedDelay)}
          onChange={(days) => delays.set(chosen.id, days)}
          description={
            products.data
              ? fr.products.form.delayScope(templateUsers(products.data, chosen.id, field, productId))
              : undefined
          }
        />
      ) : null}
    </>
  );
}
