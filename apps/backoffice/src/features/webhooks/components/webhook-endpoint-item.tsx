import { can } from "@certavis/domain";
import { formatDate, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Badge, Card, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useDeleteWebhook } from "../api/delete-webhook";
import { useRevealWebhookSecret } from "../api/get-webhook-secret";
import type { WebhookEndpoint } from "../api/get-webhooks";
import { useTestWebhook } from "../api/test-webhook";
import { useUpdateWebhook } from "../api/update-webhook";
import { SecretCode } from "./secret-code";
import { WebhookDeliveries } from "./webhook-deliveries";

const t = fr.webhooks;

/** One endpoint: its URL, events and state, the secret on demand, a test, its deliveries, deletion. */
export function WebhookEndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { role } = useCaller();
  const [secret, setSecret] = useState<string | null>(null);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const reveal = useRevealWebhookSecret();
  const test = useTestWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const headingId = `webhook-${endpoint.id}`;

  return (
    <Card asChild>
      <li aria-labelledby={headingId} className="list-none">
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <div className="min-w-0">
            <Text as="p" weight="bold" id={headingId} className="break-all">
              {endpoint.url}
            </Text>
            {endpoint.description ? (
              <Text as="p" size="2" color="gray">
                {endpoint.description}
              </Text>
            ) : null}
            <Flex gap="1" wrap="wrap" mt="1">
              {endpoint.events.map((event) => (
                <Badge key={event} color="gray" variant="soft">
                  {t.eventLabels[event]}
                </Badge>
              ))}
            </Flex>
          </div>
          <Flex direction="column" align="end" gap="1">
            <Badge color={endpoint.enabled ? "green" : "red"}>
              {endpoint.enabled ? t.enabled : t.disabled}
            </Badge>
            {endpoint.disabled_at ? (
              <Text size="1" color="gray">
                {t.disabledSince(formatDate(endpoint.disabled_at))}
              </Text>
            ) : endpoint.failing_since ? (
              <Text size="1" color="red">
                {t.failingSince(formatDate(endpoint.failing_since))}
              </Text>
            ) : null}
          </Flex>
        </Flex>
        {secret ? <SecretCode secret={secret} /> : null}
        <Flex gap="2" mt="3" wrap="wrap">
          {can(role, "webhooks.secret") ? (
            <Button
              variant="outline"
              size="sm"
              aria-pressed={secret !== null}
              loading={reveal.isPending}
              onClick={() =>
                secret
                  ? setSecret(null)
                  : reveal.mutate(endpoint.id, {
                      onSuccess: (answer) => setSecret(answer.secret),
                      onError: (error) => toastError(error, t.revealFailed),
                    })
              }
            >
              {secret ? t.hideSecret : t.revealSecret}
            </Button>
          ) : null}
          {endpoint.enabled ? (
            <Button
              variant="outline"
              size="sm"
              loading={test.isPending}
              onClick={() =>
                test.mutate(endpoint.id, {
                  onSuccess: () => {
                    setShowDeliveries(true);
                    toast({ title: t.testQueued, variant: "success" });
                  },
                  onError: (error) => toastError(error, t.testFailed),
                })
              }
            >
              {t.test}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: endpoint.id, enabled: true },
                  {
                    onSuccess: () => toast({ title: t.enabledDone, variant: "success" }),
                    onError: (error) => toastError(error, fr.errors.requestFailed),
                  },
                )
              }
            >
              {t.enable}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showDeliveries}
            aria-controls={`${headingId}-deliveries`}
            onClick={() => setShowDeliveries(!showDeliveries)}
          >
            {showDeliveries ? t.hideDeliveries : t.showDeliveries}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={t.deleteLabel(endpoint.url)}
            onClick={() => setConfirming(true)}
          >
            {t.delete}
          </Button>
        </Flex>
        <section id={`${headingId}-deliveries`} aria-label={t.deliveriesOf(endpoint.url)} className="mt-3">
          {showDeliveries ? <WebhookDeliveries endpointId={endpoint.id} url={endpoint.url} /> : null}
        </section>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t.deleteTitle}
          description={t.deleteDescription(endpoint.url)}
          confirmLabel={t.delete}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(endpoint.id, {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: t.deleted, variant: "success" });
              },
              onError: (error) => {
                setConfirming(false);
                toastError(error, t.deleteFailed);
              },
            })
          }
        />
      </li>
    </Card>
  );
}
