import { FIELD_TYPES, type FieldType, isUploadType } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Text } from "@radix-ui/themes";
import { FieldTypeIcon } from "./field-type-icon";

const t = fr.forms;

/** The 10 field types (spec §3); a click adds one to the page shown. Uploads need a paid plan. */
export function FieldPalette({
  onAdd,
  uploadsAllowed,
}: {
  onAdd: (type: FieldType) => void;
  uploadsAllowed: boolean;
}) {
  return (
    <Card asChild>
      <section aria-labelledby="field-palette-title">
        <Flex direction="column" gap="2" p="1">
          <Text as="p" id="field-palette-title" weight="medium">
            {t.editor.palette}
          </Text>
          <Text as="p" size="1" color="gray">
            {t.editor.paletteHint}
          </Text>
          {FIELD_TYPES.map((type) => {
            const locked = !uploadsAllowed && isUploadType(type);
            return (
              <Button
                key={type}
                type="button"
                variant="secondary"
                className="justify-start"
                disabled={locked}
                title={locked ? t.editor.uploadsNotInPlan : undefined}
                onClick={() => onAdd(type)}
              >
                <FieldTypeIcon type={type} />
                <span aria-hidden="true">{t.fieldTypes[type]}</span>
              </Button>
            );
          })}
          {uploadsAllowed ? null : (
            <Text as="p" size="1" color="gray">
              {t.editor.uploadsNotInPlan}
            </Text>
          )}
        </Flex>
      </section>
    </Card>
  );
}
