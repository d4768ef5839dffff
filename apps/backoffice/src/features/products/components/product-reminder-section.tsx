import type { Schema } from "@certavis/api-client";
import { REMINDER_DELAY } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Flex, Switch, Text } from "@radix-ui/themes";
import { Controller, useFormContext } from "react-hook-form";
import { DelaySlider } from "../../../components/delay-slider";
import { type ProductEditorValues, reminderTemplates, reminderToPreselect } from "../lib/product-form-values";
import { useTemplateDelay } from "../lib/use-template-delay";
import { FormSection } from "./form-section";
import { LinkedField } from "./linked-field";
import type { LinkedPreview } from "./linked-preview-dialog";

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
  const reminderDelay = useTemplateDelay("remind_after");
  const reminderId = watch("reminderTemplateId");
  const followUp = watch("followUp");
  const reminders = reminderTemplates(templates);
  const reminderTemplate = reminders.find((x) => x.id === reminderId);
  const savedDelay =
    reminderTemplate?.remind_after ?? product?.follow_up_delay_days ?? REMINDER_DELAY.default;
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
        <>
          <LinkedField
            name="reminderTemplateId"
            label={t.reminderTemplate}
            options={reminders}
            emptyLabel={t.noTemplates}
            previewOf={(id) => {
              const template = reminders.find((x) => x.id === id);
              return template ? { kind: "template", template, field: "reminder" } : null;
            }}
            onPreview={onPreview}
          />
          {reminderTemplate ? (
            <DelaySlider
              label={t.reminderDelay}
              min={REMINDER_DELAY.min}
              max={REMINDER_DELAY.max}
              value={reminderDelay.valueOf(reminderTemplate.id, savedDelay)}
              onChange={(days) => reminderDelay.set(reminderTemplate.id, days)}
            />
          ) : null}
        </>
      ) : null}
    </FormSection>
  );
}
