import { WebhooksCard } from "./webhooks-card";

/** Intégrations (admin and manager): the outgoing webhooks. */
export function IntegrationsTab() {
  return <WebhooksCard />;
}
