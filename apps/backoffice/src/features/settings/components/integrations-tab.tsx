import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { integrations } from "@certavis/i18n-fr/messages/integrations";
import { Flex, Text } from "@radix-ui/themes";
import { SettingsSection } from "../../../components/settings-section";
import { useCaller } from "../../../lib/hooks/use-caller";
import { ConnectionsCard } from "../../integrations";
import { WebhooksCard } from "../../webhooks";

/**
 * Intégrations (owner, admin, manager): the shop's connections that bring orders in without code, and
 * the endpoints our signed webhooks go out to.
 */
export function IntegrationsTab() {
  const { role } = useCaller();
  if (!can(role, "integrations.manage"))
    return (
      <SettingsSection
        id="integrations-restricted-title"
        title={fr.settings.tabs.integrations}
        headingGap="1"
      >
        <Text as="p" color="gray">
          {integrations.restricted}
        </Text>
      </SettingsSection>
    );
  return (
    <Flex direction="column" gap="5">
      <ConnectionsCard />
      <WebhooksCard />
    </Flex>
  );
}
