import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { InlineLoadError } from "../../../components/inline-load-error";
import { SettingsSection } from "../../../components/settings-section";
import { useCaller } from "../../../lib/hooks/use-caller";
import { useWebhooks } from "../api/get-webhooks";
import { SecretCode } from "./secret-code";
import { WebhookEndpointItem } from "./webhook-endpoint-item";
import { WebhookForm } from "./webhook-form";

const t = fr.webhooks;

/** Outgoing webhooks (admin, manager): the endpoints, adding one, its secret, tests and deliveries. */
export function WebhooksCard() {
  const { role } = useCaller();
  const allowed = can(role, "webhooks.manage");
  const list = useWebhooks(allowed);
  const [adding, setAdding] = useState(false);
  const [newSecret, setNewSecret] = useState<string | null>(null);

  return (
    <SettingsSection id="webhooks-title" title={t.title}>
      <Text as="p" size="2" color="gray" mb="3">
        {t.description}
      </Text>
      {!allowed ? (
        <Text as="p" color="gray">
          {t.restricted}
        </Text>
      ) : (
        <>
          {newSecret ? (
            <Callout.Root color="green" mb="3">
              <Callout.Text>{t.secretShownOnce}</Callout.Text>
              <SecretCode secret={newSecret} />
            </Callout.Root>
          ) : null}
          {adding ? (
            <WebhookForm
              onCreated={(secret) => {
                setAdding(false);
                setNewSecret(secret);
              }}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <Flex mb="3">
              <Button
                onClick={() => {
                  setNewSecret(null);
                  setAdding(true);
                }}
              >
                {t.add}
              </Button>
            </Flex>
          )}
          {list.isPending ? (
            <Text color="gray">{fr.common.loading}</Text>
          ) : list.isError ? (
            <InlineLoadError error={list.error} fallback={t.loadFailed} onRetry={() => void list.refetch()} />
          ) : list.data.results.length === 0 ? (
            <Text as="p" size="2" color="gray">
              {t.empty}
            </Text>
          ) : (
            <ul className="m-0 flex flex-col gap-3 p-0">
              {list.data.results.map((endpoint) => (
                <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} />
              ))}
            </ul>
          )}
        </>
      )}
    </SettingsSection>
  );
}
