import { formatDateTime, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Badge, Table, Text } from "@radix-ui/themes";
import { InlineLoadError } from "../../../components/inline-load-error";
import { ScrollableTable } from "../../../components/scrollable-table";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useWebhookDeliveries, type WebhookDelivery } from "../api/get-webhook-deliveries";
import { useResendWebhookDelivery } from "../api/resend-webhook-delivery";

const t = fr.webhooks;

const STATUS_COLORS = { scheduled: "gray", sending: "blue", delivered: "green", failed: "red" } as const;

const eventLabel = (type: string) => t.eventLabels[type] ?? type;

/** The last deliveries of one endpoint (`url`, naming its table), with 'Renvoyer' on a failed one. */
export function WebhookDeliveries({ endpointId, url }: { endpointId: string; url: string }) {
  const list = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery();

  if (list.isPending) return <Text color="gray">{fr.common.loading}</Text>;
  if (list.isError)
    return (
      <InlineLoadError error={list.error} fallback={t.deliveriesFailed} onRetry={() => void list.refetch()} />
    );
  if (list.data.results.length === 0)
    return (
      <Text as="p" size="2" color="gray">
        {t.noDeliveries}
      </Text>
    );
  const row = (delivery: WebhookDelivery) => (
    <Table.Row key={delivery.id}>
      <Table.Cell>
        {eventLabel(delivery.event_type)}{" "}
        <code className="text-[var(--gray-11)] text-xs">{delivery.event_type}</code>
      </Table.Cell>
      <Table.Cell>
        <Badge color={STATUS_COLORS[delivery.status]}>{t.statuses[delivery.status]}</Badge>
        {delivery.error ? (
          <Text as="div" size="1" color="gray">
            {delivery.error}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>{delivery.attempts}</Table.Cell>
      <Table.Cell>{delivery.status_code ?? "—"}</Table.Cell>
      <Table.Cell>{delivery.duration_ms === null ? "—" : t.durationMs(delivery.duration_ms)}</Table.Cell>
      <Table.Cell>{delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : "—"}</Table.Cell>
      <Table.Cell>{formatDateTime(delivery.created_at)}</Table.Cell>
      <Table.Cell>
        {delivery.status === "failed" ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={t.resendLabel(eventLabel(delivery.event_type), formatDateTime(delivery.created_at))}
            loading={resend.isPending && resend.variables === delivery.id}
            onClick={() =>
              resend.mutate(delivery.id, {
                onSuccess: () => toast({ title: t.resent, variant: "success" }),
                onError: (error) => toastError(error, t.resendFailed),
              })
            }
          >
            {t.resend}
          </Button>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
  return (
    <ScrollableTable size="1" label={t.deliveriesTable(url)}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{t.event}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.status}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.attempts}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.code}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.duration}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.nextAttempt}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t.date}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <span className="sr-only">{t.resend}</span>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>{list.data.results.map(row)}</Table.Body>
    </ScrollableTable>
  );
}
