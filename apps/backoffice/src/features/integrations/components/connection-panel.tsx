import { can } from "@certavis/domain";
import { formatDateTime, fr } from "@certavis/i18n-fr";
import { integrations } from "@certavis/i18n-fr/messages/integrations";
import { Button } from "@certavis/ui";
import { Badge, Box, Code, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { InlineLoadError } from "../../../components/inline-load-error";
import { ScrollableTable } from "../../../components/scrollable-table";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useDeleteIntegration } from "../api/delete-integration";
import { INTEGRATION_EVENTS_PAGE, useIntegrationEvents } from "../api/get-integration-events";
import { useIntegrationSecret } from "../api/get-integration-secret";
import type { Integration } from "../api/get-integrations";
import { useSyncIntegration } from "../api/sync-integration";
import { ConnectionSettings } from "./connection-settings";

const t = integrations.connection;
const log = integrations.log;
const STATUS_COLORS = {
  waiting_secret: "amber",
  waiting: "gray",
  signature_refused: "red",
  active: "green",
  error: "red",
} as const;
const OUTCOME_COLORS = { pending: "gray", taken: "green", refused: "red", ignored: "gray" } as const;
const MASK = "•".repeat(24);

async function copy(value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: fr.common.copied, variant: "success" });
  } catch {
    toast({ title: fr.errors.title, description: fr.errors.copyFailed, variant: "error" });
  }
}

/** One connection: its status and last event, the platform's steps, the URL and secret to paste, the log, 'Déconnecter'. */
export function ConnectionPanel({
  integration,
  freshSecret,
}: {
  integration: Integration;
  freshSecret: string | null;
}) {
  const headingId = useId();
  const platform = integrations.platforms[integration.platform];
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteIntegration();

  return (
    <Box asChild className="rounded-[var(--radius-3)] border border-[var(--gray-5)] p-4">
      <section aria-labelledby={headingId}>
        <Flex align="center" gap="3" wrap="wrap" mb="1">
          <Heading as="h3" size="3" id={headingId}>
            {t.title(platform, integration.shop_url)}
          </Heading>
          <Badge color={STATUS_COLORS[integration.status]} variant="soft" radius="full" highContrast>
            {integrations.statuses[integration.status]}
          </Badge>
        </Flex>
        {integration.status === "waiting_secret" || integration.status === "signature_refused" ? (
          <Text as="p" size="2" color="amber" mb="1">
            {integrations.statusHints[integration.status]}
          </Text>
        ) : null}
        <Text as="p" size="2" color="gray" mb="3">
          {integration.last_event_at ? t.lastEvent(formatDateTime(integration.last_event_at)) : t.noEvent}
        </Text>
        <Text as="p" size="2" weight="medium">
          {t.steps}
        </Text>
        <ol className="mt-1 mb-3 pl-5 text-[var(--gray-11)] text-sm">
          {integrations.steps[integration.platform].map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {integration.webhook_url ? <CopyRow label={t.webhookUrl} value={integration.webhook_url} /> : null}
        {integration.platform === "prestashop" ? <SyncRow id={integration.id} /> : null}
        {integration.platform === "woocommerce" ? (
          <SecretRow id={integration.id} freshSecret={freshSecret} />
        ) : null}
        <ConnectionSettings integration={integration} />
        <EventLog id={integration.id} label={log.tableOf(platform, integration.shop_url)} />
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          aria-label={t.disconnectOf(integration.shop_url)}
          onClick={() => setConfirming(true)}
        >
          {t.disconnect}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t.disconnectTitle}
          description={t.disconnectDescription}
          confirmLabel={t.disconnect}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(integration.id, {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: t.disconnected, variant: "success" });
              },
              onError: (error) => {
                setConfirming(false);
                toastError(error, t.disconnectFailed);
              },
            })
          }
        />
      </section>
    </Box>
  );
}

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <Flex gap="2" align="center" wrap="wrap" mb="2">
      <Text size="2" weight="medium" className="min-w-[9rem]">
        {label}
      </Text>
      <Code size="2" className="break-all" aria-label={label}>
        {value}
      </Code>
      <Button variant="outline" size="sm" aria-label={t.copyOf(label)} onClick={() => void copy(value)}>
        {t.copy}
      </Button>
    </Flex>
  );
}

function SyncRow({ id }: { id: string }) {
  const sync = useSyncIntegration();
  return (
    <Flex gap="3" align="center" wrap="wrap" mb="2">
      <Text size="2" color="gray">
        {t.pulled}
      </Text>
      <Button
        variant="outline"
        size="sm"
        loading={sync.isPending}
        onClick={() =>
          sync.mutate(id, {
            onSuccess: () => toast({ title: t.synced, variant: "success" }),
            onError: (error) => toastError(error, t.syncFailed),
          })
        }
      >
        {t.sync}
      </Button>
    </Flex>
  );
}

/**
 * The signing secret we generated (WooCommerce): shown after creation and then on demand, to the roles
 * allowed `integrations.secret` only (the server answers it to no one else).
 */
function SecretRow({ id, freshSecret }: { id: string; freshSecret: string | null }) {
  const { role } = useCaller();
  const [asked, setAsked] = useState(false);
  const secret = useIntegrationSecret(id, asked && !freshSecret);
  if (freshSecret)
    return (
      <>
        <CopyRow label={t.secret} value={freshSecret} />
        <Text as="p" size="1" color="amber" mb="2">
          {t.secretOnce}
        </Text>
      </>
    );
  if (!can(role, "integrations.secret")) return null;
  const value = asked ? secret.data?.secret : undefined;
  return (
    <Flex gap="2" align="center" wrap="wrap" mb="2">
      {value ? (
        <CopyRow label={t.secret} value={value} />
      ) : (
        <>
          <Text size="2" weight="medium" className="min-w-[9rem]">
            {t.secret}
          </Text>
          <Code size="2">{MASK}</Code>
        </>
      )}
      <Button
        variant="outline"
        size="sm"
        aria-pressed={asked}
        loading={asked && secret.isFetching}
        onClick={() => setAsked(!asked)}
      >
        {asked ? t.hideSecret : t.showSecret}
      </Button>
      {asked && secret.isError ? (
        <Text size="2" color="red" role="alert">
          {t.secretFailed}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The connection's received orders, a page at a time; `label` names the table's scroller. */
function EventLog({ id, label }: { id: string; label: string }) {
  const [offset, setOffset] = useState(0);
  const events = useIntegrationEvents(id, offset);
  return (
    <Box mt="3">
      <Text as="p" size="2" weight="medium" mb="1">
        {log.title}
      </Text>
      {events.isPending ? (
        <Text size="2" color="gray">
          {fr.common.loading}
        </Text>
      ) : events.isError ? (
        <InlineLoadError
          error={events.error}
          fallback={log.loadFailed}
          onRetry={() => void events.refetch()}
        />
      ) : events.data.results.length === 0 ? (
        <Text size="2" color="gray">
          {log.empty}
        </Text>
      ) : (
        <>
          <ScrollableTable size="1" label={label}>
            <caption className="sr-only">{log.title}</caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{log.date}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{log.reference}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{log.outcome}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{log.reason}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {events.data.results.map((event) => (
                <Table.Row key={event.id}>
                  <Table.Cell>{formatDateTime(event.received_at)}</Table.Cell>
                  <Table.Cell>
                    {event.order_id && event.reference ? (
                      <Link to={`/orders/${event.order_id}`}>{event.reference}</Link>
                    ) : (
                      (event.reference ?? "—")
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge color={OUTCOME_COLORS[event.outcome]} variant="soft" highContrast>
                      {log.outcomes[event.outcome]}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{event.reason ?? ""}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollableTable>
          {events.data.count > INTEGRATION_EVENTS_PAGE ? (
            <Flex justify="end" gap="3" mt="2">
              <Button
                variant="outline"
                size="sm"
                disabled={!events.data.previous}
                onClick={() => setOffset(Math.max(0, offset - INTEGRATION_EVENTS_PAGE))}
              >
                {fr.common.previous}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!events.data.next}
                onClick={() => setOffset(offset + INTEGRATION_EVENTS_PAGE)}
              >
                {fr.common.next}
              </Button>
            </Flex>
          ) : null}
        </>
      )}
    </Box>
  );
}
