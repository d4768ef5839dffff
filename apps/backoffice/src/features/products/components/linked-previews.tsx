import type { Schema } from "@certavis/api-client";
import { renderTemplate, SAMPLE_TEMPLATE_VALUES } from "@certavis/domain";
import { fieldTypeLabel, fr } from "@certavis/i18n-fr";
import { Flex, Text } from "@radix-ui/themes";

const t = fr.products.form;

/** An e-mail template with the sample values of the editor preview. */
export function TemplatePreview({ template }: { template: Schema<"EmailTemplate"> }) {
  return (
    <Flex direction="column" gap="3">
      <div>
        <Text as="p" size="1" color="gray">
          {t.previewSubject}
        </Text>
        <Text as="p" weight="bold">
          {renderTemplate(template.subject, SAMPLE_TEMPLATE_VALUES)}
        </Text>
      </div>
      <div className="whitespace-pre-line rounded-md border border-[var(--gray-5)] bg-[var(--gray-2)] p-3 text-sm">
        {renderTemplate(template.body, SAMPLE_TEMPLATE_VALUES)}
      </div>
    </Flex>
  );
}

/** A review form: its title, then each field with its type and a star when required. */
export function FormPreview({ form }: { form: Schema<"Form"> }) {
  return (
    <Flex direction="column" gap="3">
      <Text as="p" weight="bold">
        {form.title}
      </Text>
      <ol className="m-0 flex list-none flex-col gap-2 p-0">
        {form.schema.map((field) => (
          <li key={field.id} className="rounded-md border border-[var(--gray-5)] p-2">
            <Text as="p" size="2" weight="medium">
              {field.label}
              {field.required ? (
                <span className="text-[var(--red-11)]"> {fr.common.requiredMark}</span>
              ) : null}
            </Text>
            <Text as="p" size="1" color="gray">
              {fieldTypeLabel(field.type)}
            </Text>
          </li>
        ))}
      </ol>
    </Flex>
  );
}
