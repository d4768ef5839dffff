import { EDITABLE_TEMPLATE_TYPES, type TemplateType } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Select, Text } from "@radix-ui/themes";

const t = fr.templates;

/** The template's type: a choice of the editable types, or its own type read-only when locked. */
export function TemplateTypeSelect({
  value,
  locked,
  error,
  onChange,
}: {
  value: TemplateType;
  locked: boolean;
  error: string | undefined;
  onChange: (type: TemplateType) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Text as="label" size="2" weight="medium" id="template-type-label">
        {t.editor.type}
      </Text>
      <Select.Root value={value} disabled={locked} onValueChange={(next) => onChange(next as TemplateType)}>
        <Select.Trigger aria-labelledby="template-type-label" />
        <Select.Content>
          {(locked ? [value] : EDITABLE_TEMPLATE_TYPES).map((option) => (
            <Select.Item key={option} value={option}>
              {t.types[option]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {locked ? (
        <Text size="1" color="gray">
          {t.editor.typeReadOnly}
        </Text>
      ) : null}
      {error ? (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
