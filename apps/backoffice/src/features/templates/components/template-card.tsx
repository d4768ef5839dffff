import { normalizeTemplateType } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Badge, Card, Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { CardMenu } from "../../../components/card-menu";
import type { EmailTemplate } from "../api/get-templates";

const t = fr.templates;
const BADGE_COLORS = { request: "blue", reminder: "amber", thanks: "green" } as const;

/** One template of the list: type badge, name, subject, body preview; menu Dupliquer / Supprimer. */
export function TemplateCard({
  template,
  onDuplicate,
  onDelete,
}: {
  template: EmailTemplate;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const type = normalizeTemplateType(template.type) ?? "request";
  return (
    <Card className="h-full">
      <Flex direction="column" gap="2" className="h-full">
        <Flex justify="between" align="start" gap="2">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color={BADGE_COLORS[type]}>{t.types[type]}</Badge>
            {template.is_default ? <Badge color="gray">{t.card.default}</Badge> : null}
          </Flex>
          <CardMenu
            label={`${t.card.menu} ${template.name}`}
            duplicateLabel={t.card.duplicate}
            deleteLabel={t.card.delete}
            onDuplicate={onDuplicate}
            onDelete={template.is_default ? undefined : onDelete}
          />
        </Flex>
        <Link
          to={`/email-templates/${template.id}`}
          className="font-semibold text-[var(--gray-12)] no-underline hover:underline"
        >
          {template.name}
        </Link>
        <Text size="2">
          <Text weight="medium">{t.card.subject} : </Text>
          {template.subject}
        </Text>
        <Text size="2" color="gray" className="line-clamp-3 whitespace-pre-line">
          {template.body}
        </Text>
      </Flex>
    </Card>
  );
}
