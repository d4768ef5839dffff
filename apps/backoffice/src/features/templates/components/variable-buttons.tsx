import { TEMPLATE_VARIABLES, type TemplateVariable, variableToken } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";

const t = fr.templates;

/** The editor variables of spec §3, each a button inserting `{{ name }}` where the cursor was. */
export function VariableButtons({ onInsert }: { onInsert: (name: TemplateVariable) => void }) {
  return (
    <section aria-labelledby="template-variables">
      <Text as="p" id="template-variables" weight="medium" size="2">
        {t.editor.variables}
      </Text>
      <Text as="p" size="1" color="gray" mb="2">
        {t.editor.variablesHint}
      </Text>
      <Flex gap="2" wrap="wrap">
        {TEMPLATE_VARIABLES.map((name) => (
          <Button
            key={name}
            type="button"
            variant="secondary"
            size="sm"
            title={t.variableLabels[name]}
            // The name starts with what the button shows, so a speech user can say what they see.
            aria-label={t.editor.insertVariable(variableToken(name), t.variableLabels[name])}
            // Keep the caret where it is: the field keeps focus and its selection.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(name)}
          >
            <code>{variableToken(name)}</code>
          </Button>
        ))}
      </Flex>
    </section>
  );
}
