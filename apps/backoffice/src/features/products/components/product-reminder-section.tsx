import type { Schema } from "@certavis/api-client";
import { REMINDER_DELAY } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Flex, Switch, Text } from "@radix-ui/themes";
import { Controller, useFormContext } from "react-hook-form";
import { type ProductEditorValues, reminderTemplates, reminderToPreselect } from "../lib/product-form-values";
import { FormSection } from "./form-section";
import type { LinkedPreview } from "./linked-preview-dialog";
import { TemplateDelayField } from "./template-delay-field";

const t = fr.products.form;

/** The follow-up switch and, when on, the reminder's template, its preview and its delay. */
export function ProductReminderSection({
  product,
  templates,
  onPreview,
}: {
  product: Schema<"Product"> | null;
  templates: readonly Schema<"EmailTemplate">[];
  onPreview: (preview: LinkedPreview) => void;
}) {
  const {
    control,
    watch,
    setValue,
    formState: { errors },
  } = useFormContext<ProductEditorValues>();
  const reminderId = watch("reminderTemplateId");
  const followUp = watch("followUp");
  return (
    <FormSection title={t.sections.reminder}>
      <Controller
        control={control}
        name="followUp"
        render={({ field }) => (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium">
              <Flex gap="2" align="center">
                <Switch
                  checked={field.value}
                  onCheckedChange={(on) => {
                    field.onChange(on);
                    if (on && !reminderId)
                      setValue("reminderTemplateId", reminderToPreselect(templates, product === null), {
                        shouldDirty: true,
                      });
                  }}
                />
                {t.followUp}
              </Flex>
            </Text>
            <Text size="1" color="gray">
              {t.followUpDescription}
            </Text>
            {errors.followUp?.message ? (
              <Text size="1" color="red" role="alert">
                {errors.followUp.message}
              </Text>
            ) : null}
          </Flex>
        )}
      />
      {followUp ? (
        <TemplateDelayField
          field="reminder"
          label={t.reminderTemplate}
          delayLabel={t.reminderDelay}
          emptyLabel={t.noTemplates}
          options={reminderTemplates(templates)}
          bounds={REMINDER_DELAY}
          fallbackDays={product?.follow_up_delay_days ?? REMINDER_DELAY.default}
          productId={product?.id ?? null}
          onPreview={onPreview}
        />
      ) : null}
    </FormSection>
  );
}
