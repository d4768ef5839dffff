import { fr } from "@certavis/i18n-fr";
import { integrations } from "@certavis/i18n-fr/messages/integrations";
import { Button } from "@certavis/ui";
import { Flex, Select, Text } from "@radix-ui/themes";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "../../../components/form-field";
import { InlineLoadError } from "../../../components/inline-load-error";
import { SettingsSection } from "../../../components/settings-section";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { type IntegrationInput, useCreateIntegration } from "../api/create-integration";
import { useIntegrations } from "../api/get-integrations";
import { ConnectionPanel } from "./connection-panel";

const t = integrations.connections;
type Platform = IntegrationInput["platform"];
const PLATFORMS: Platform[] = ["shopify", "woocommerce", "prestashop"];
/** PrestaShop's first pull: the periods offered, '30 derniers jours' by default (issue 42 §3). */
const FIRST_PULL_DAYS = [1, 7, 30, 90] as const;
type FirstPullDays = (typeof FIRST_PULL_DAYS)[number];

/** The shop's connections: each with its steps, URL, secret, status and log; a form to add one. */
export function ConnectionsCard() {
  const list = useIntegrations();
  /** The secret of a connection made here, shown until the page is left (the answer carries it once). */
  const [fresh, setFresh] = useState<{ id: string; secret: string | null } | null>(null);

  return (
    <SettingsSection id="connections-title" title={t.title} headingGap="1">
      <Text as="p" size="2" color="gray" mb="4">
        {t.description}
      </Text>
      {list.isPending ? (
        <Text color="gray">{fr.common.loading}</Text>
      ) : list.isError ? (
        <InlineLoadError error={list.error} fallback={t.loadFailed} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="4">
          {t.empty}
        </Text>
      ) : (
        <Flex direction="column" gap="4" mb="5">
          {list.data.results.map((integration) => (
            <ConnectionPanel
              key={integration.id}
              integration={integration}
              freshSecret={fresh?.id === integration.id ? fresh.secret : null}
            />
          ))}
        </Flex>
      )}
      <ConnectForm onConnected={setFresh} />
    </SettingsSection>
  );
}

function ConnectForm({
  onConnected,
}: {
  onConnected: (made: { id: string; secret: string | null }) => void;
}) {
  const [platform, setPlatform] = useState<Platform>("shopify");
  const [shopUrl, setShopUrl] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [firstPullDays, setFirstPullDays] = useState<FirstPullDays>(30);
  const [errors, setErrors] = useState<Partial<Record<"shop_url" | "api_key", string>>>({});
  const create = useCreateIntegration();
  const platformId = useId();
  const firstPullId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: IntegrationInput = { platform, shop_url: shopUrl.trim() };
    if (platform === "prestashop") {
      body.api_key = apiKey.trim();
      body.first_pull_days = firstPullDays;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: (made) => {
        toast({ title: t.connected, variant: "success" });
        onConnected({ id: made.id, secret: made.secret });
        setShopUrl("");
        setApiKey("");
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        if (fields.shop_url || fields.api_key)
          setErrors({ shop_url: fields.shop_url, api_key: fields.api_key });
        else toastError(error, t.connectFailed);
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${platformId}-title`}>
      <Text as="p" id={`${platformId}-title`} weight="medium" mb="2">
        {t.add}
      </Text>
      <Flex gap="3" align="start" wrap="wrap">
        <div className="flex flex-col gap-1">
          <Text as="label" id={platformId} size="2" weight="medium">
            {t.platform}
          </Text>
          <Select.Root size="3" value={platform} onValueChange={(value) => setPlatform(value as Platform)}>
            <Select.Trigger aria-labelledby={platformId} />
            <Select.Content>
              {PLATFORMS.map((choice) => (
                <Select.Item key={choice} value={choice}>
                  {integrations.platforms[choice]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </div>
        <div className="min-w-[16rem] flex-1">
          <FormField
            label={t.shopUrl}
            type="url"
            autoComplete="url"
            placeholder={t.shopUrlPlaceholder}
            value={shopUrl}
            error={errors.shop_url}
            onChange={(e) => setShopUrl(e.target.value)}
          />
        </div>
        {platform === "shopify" ? (
          <Text as="p" size="2" color="gray" className="min-w-[16rem] flex-1">
            {t.shopifyNext}
          </Text>
        ) : null}
        {platform === "prestashop" ? (
          <div className="min-w-[16rem] flex-1">
            <FormField
              label={t.apiKey}
              autoComplete="off"
              hint={t.apiKeyHint}
              value={apiKey}
              error={errors.api_key}
              onChange={(e) => setApiKey(e.target.value)}
            />
          </div>
        ) : null}
        {platform === "prestashop" ? (
          <div className="flex flex-col gap-1">
            <Text as="label" id={firstPullId} size="2" weight="medium">
              {t.firstPull}
            </Text>
            <Select.Root
              size="3"
              value={String(firstPullDays)}
              onValueChange={(value) => setFirstPullDays(Number(value) as FirstPullDays)}
            >
              <Select.Trigger aria-labelledby={firstPullId} />
              <Select.Content>
                {FIRST_PULL_DAYS.map((days) => (
                  <Select.Item key={days} value={String(days)}>
                    {t.firstPullDays[days]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            <Text size="1" color="gray">
              {t.firstPullHint}
            </Text>
          </div>
        ) : null}
      </Flex>
      <Button type="submit" size="lg" className="mt-3" loading={create.isPending}>
        {t.connect}
      </Button>
    </form>
  );
}
