import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Flex, Text } from "@radix-ui/themes";
import { InlineLoadError } from "../../../components/inline-load-error";
import { useCompany } from "../../../lib/api/get-company";
import { useCaller } from "../../../lib/hooks/use-caller";
import { ApiKeyCard } from "./api-key-card";
import { CompanyForm } from "./company-form";
import { DangerZone } from "./danger-zone";
import { ModerationCard } from "./moderation-card";
import { QuotaCard } from "./quota-card";

/** Entreprise: name, website, logo, API key (admin, manager), e-mail quota, delete or leave. */
export function CompanyTab() {
  const company = useCompany();
  const { role } = useCaller();
  if (company.isPending) return <Text color="gray">{fr.common.loading}</Text>;
  if (company.isError)
    return <InlineLoadError error={company.error} onRetry={() => void company.refetch()} />;
  return (
    <Flex direction="column" gap="5">
      <CompanyForm company={company.data} editable={can(role, "company.edit")} />
      <ModerationCard company={company.data} />
      {can(role, "apiKey.view") ? <ApiKeyCard company={company.data} /> : null}
      <QuotaCard company={company.data} />
      <DangerZone company={company.data} />
    </Flex>
  );
}
