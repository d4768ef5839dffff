import { PRODUCT_STATUSES } from "@certavis/domain";
import { fr, productStatusLabel } from "@certavis/i18n-fr";
import { Select, Text } from "@radix-ui/themes";
import { Controller, useFormContext } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { ImageInput } from "../../../components/image-input";
import type { ProductEditorValues } from "../lib/product-form-values";
import { FormSection } from "./form-section";

const t = fr.products.form;

/** Name, references (SKU, GTIN, brand, page), status and image of the product. */
export function ProductInfoSection() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProductEditorValues>();
  return (
    <FormSection title={t.sections.info}>
      <FormField
        label={t.name}
        placeholder={t.namePlaceholder}
        error={errors.name?.message}
        autoComplete="off"
        {...register("name")}
      />
      <FormField label={t.sku} error={errors.sku?.message} autoComplete="off" {...register("sku")} />
      <FormField
        label={t.gtin}
        hint={t.gtinHint}
        error={errors.gtin?.message}
        inputMode="numeric"
        autoComplete="off"
        {...register("gtin")}
      />
      <FormField label={t.brand} error={errors.brand?.message} autoComplete="off" {...register("brand")} />
      <FormField
        label={t.url}
        placeholder={t.urlPlaceholder}
        error={errors.url?.message}
        type="url"
        autoComplete="off"
        {...register("url")}
      />
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <div className="flex flex-col gap-1">
            <Text as="span" id="product-status-label" size="2" weight="medium">
              {t.status}
            </Text>
            <Select.Root value={field.value} onValueChange={field.onChange}>
              <Select.Trigger
                aria-labelledby="product-status-label"
                aria-describedby={field.value === "draft" ? "product-status-draft" : undefined}
                className="max-w-[14rem]"
              />
              <Select.Content position="popper">
                {PRODUCT_STATUSES.map((status) => (
                  <Select.Item key={status} value={status}>
                    {productStatusLabel(status)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            {field.value === "draft" ? (
              <Text id="product-status-draft" size="1" color="gray">
                {t.draftQuiet}
              </Text>
            ) : null}
          </div>
        )}
      />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImageInput
            label={t.image}
            value={field.value}
            onChange={field.onChange}
            error={errors.image?.message}
          />
        )}
      />
    </FormSection>
  );
}
