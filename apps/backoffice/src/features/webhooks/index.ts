// What the settings page shows of the outgoing webhooks: their card on the Intégrations tab.

export { WebhooksCard } from "./components/webhooks-card";
