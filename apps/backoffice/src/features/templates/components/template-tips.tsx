import { fr } from "@certavis/i18n-fr";
import { Card, Flex, Text } from "@radix-ui/themes";

const t = fr.templates;

/** The editor's tips for writing a template (spec §2). */
export function TemplateTips() {
  return (
    <Card>
      <Flex direction="column" gap="2" p="2">
        <Text as="p" weight="medium">
          {t.editor.tipsTitle}
        </Text>
        <ul className="m-0 flex list-disc flex-col gap-1 pl-5">
          {t.editor.tips.map((tip) => (
            <li key={tip}>
              <Text size="2">{tip}</Text>
            </li>
          ))}
        </ul>
      </Flex>
    </Card>
  );
}
