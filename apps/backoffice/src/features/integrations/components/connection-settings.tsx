import { integrations } from "@certavis/i18n-fr/messages/integrations";
import { Button } from "@certavis/ui";
import { Flex, Select, Text } from "@radix-ui/themes";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "../../../components/form-field";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import type { Integration } from "../api/get-integrations";
import { type IntegrationUpdate, useUpdateIntegration } from "../api/update-integration";

const t = integrations.connection;
type DelayStart = NonNullable<IntegrationUpdate["delay_start"]>;
const DELAY_STARTS: DelayStart[] = ["fulfilled", "paid"];

/**
 * A connection's settings, editable at any time: Shopify's signing secret (the shop's own, pasted
 * once the webhook exists) and the topic that starts the delay; PrestaShop's timezone.
 */
export function ConnectionSettings({ integration }: { integration: Integration }) {
  if (integration.platform === "shopify") return <ShopifySettings integration={integration} />;
  if (integration.platform === "prestashop") return <TimezoneSetting integration={integration} />;
  return null;
}

/** Saves one setting; the server's message about `field` goes under it, any other failure to a toast. */
function useSave(id: string, field: keyof IntegrationUpdate, onFieldError: (message: string) => void) {
  const update = useUpdateIntegration();
  const save = (body: IntegrationUpdate, done: string, after?: () => void) =>
    update.mutate(
      { id, ...body },
      {
        onSuccess: () => {
          toast({ title: done, variant: "success" });
          after?.();
        },
        onError: (error) => {
          const message = apiFieldErrors(error)[field];
          if (message) onFieldError(message);
          else toastError(error, t.saveFailed);
        },
      },
    );
  return { save, pending: update.isPending };
}

function ShopifySettings({ integration }: { integration: Integration }) {
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { save, pending } = useSave(integration.id, "secret", setError);
  const delayId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    save({ secret: secret.trim() }, t.secretSaved, () => setSecret(""));
  }

  return (
    <Flex direction="column" gap="3" mb="3">
      <form noValidate onSubmit={submit}>
        <Flex gap="3" align="end" wrap="wrap">
          <div className="min-w-[16rem] flex-1">
            <FormField
              label={t.shopSecret}
              type="password"
              autoComplete="off"
              hint={t.shopSecretHint}
              value={secret}
              error={error}
              onChange={(e) => setSecret(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" size="sm" loading={pending} disabled={!secret.trim()}>
            {t.saveSecret}
          </Button>
        </Flex>
      </form>
      <Flex gap="3" align="center" wrap="wrap">
        <Text as="label" id={delayId} size="2" weight="medium">
          {t.delayStart}
        </Text>
        <Select.Root
          size="2"
          value={integration.delay_start ?? "fulfilled"}
          onValueChange={(value) => save({ delay_start: value as DelayStart }, t.saved)}
        >
          <Select.Trigger aria-labelledby={delayId} />
          <Select.Content>
            {DELAY_STARTS.map((choice) => (
              <Select.Item key={choice} value={choice}>
                {t.delayStarts[choice]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
    </Flex>
  );
}

function TimezoneSetting({ integration }: { integration: Integration }) {
  const [timezone, setTimezone] = useState(integration.timezone ?? "");
  const [error, setError] = useState<string | undefined>();
  const { save, pending } = useSave(integration.id, "timezone", setError);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    save({ timezone: timezone.trim() }, t.saved);
  }

  return (
    <form noValidate onSubmit={submit} className="mb-3">
      <Flex gap="3" align="end" wrap="wrap">
        <div className="min-w-[16rem] flex-1">
          <FormField
            label={t.timezone}
            autoComplete="off"
            hint={t.timezoneHint}
            value={timezone}
            error={error}
            onChange={(e) => setTimezone(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" size="sm" loading={pending}>
          {t.saveTimezone}
        </Button>
      </Flex>
    </form>
  );
}
