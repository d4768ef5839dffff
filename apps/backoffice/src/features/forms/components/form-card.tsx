import { type FieldType, normalizePages } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Badge, Card, Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { CardMenu } from "../../../components/card-menu";
import type { ReviewForm } from "../api/get-forms";
import { FieldTypeIcon } from "./field-type-icon";

const t = fr.forms;
const SHOWN = 3;

/** One form of the list: field count, the first 3 fields (label, type icon, required star), '+N autres champs'. */
export function FormCard({
  form,
  onDuplicate,
  onDelete,
}: {
  form: ReviewForm;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const fields = normalizePages(form.schema);
  const more = fields.length - SHOWN;
  return (
    <Card className="h-full">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="start" gap="2">
          <Flex direction="column" gap="1">
            <Link
              to={`/forms/${form.id}`}
              className="font-semibold text-[var(--gray-12)] no-underline hover:underline"
            >
              {form.name}
            </Link>
            <Flex gap="2" align="center">
              <Text size="2" color="gray">
                {t.card.fieldCount(fields.length)}
              </Text>
              {form.is_default ? <Badge color="gray">{t.card.default}</Badge> : null}
            </Flex>
          </Flex>
          <CardMenu
            label={`${t.card.menu} ${form.name}`}
            duplicateLabel={t.card.duplicate}
            deleteLabel={t.card.delete}
            onDuplicate={onDuplicate}
            onDelete={form.is_default ? undefined : onDelete}
          />
        </Flex>
        <ul className="m-0 flex list-none flex-col gap-1 p-0">
          {fields.slice(0, SHOWN).map((field) => (
            <li key={field.id} className="flex items-center gap-2">
              <FieldTypeIcon type={field.type as FieldType} />
              <Text size="2">
                {field.label}
                {field.required ? (
                  <span className="text-[var(--red-11)]" title={t.card.required}>
                    {" *"}
                  </span>
                ) : null}
              </Text>
            </li>
          ))}
        </ul>
        {more > 0 ? (
          <Text size="1" color="gray">
            {t.card.moreFields(more)}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}
