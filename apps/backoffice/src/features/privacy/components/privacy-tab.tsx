import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Flex, Text } from "@radix-ui/themes";
import { SettingsSection } from "../../../components/settings-section";
import { useCaller } from "../../../lib/hooks/use-caller";
import { ErasureCard } from "./erasure-card";
import { ExportCard } from "./export-card";
import { SuppressionsCard } from "./suppressions-card";

/** Confidentialité (owner, admin, manager: the roles that see buyers' personal data). */
export function PrivacyTab() {
  const { role } = useCaller();
  if (!can(role, "personalData.view"))
    return (
      <SettingsSection id="privacy-restricted-title" title={fr.settings.tabs.privacy} headingGap="1">
        <Text as="p" color="gray">
          {fr.settings.privacy.suppressions.restricted}
        </Text>
      </SettingsSection>
    );
  return (
    <Flex direction="column" gap="5">
      <SuppressionsCard />
      <ErasureCard />
      {can(role, "data.export") ? <ExportCard /> : null}
    </Flex>
  );
}
