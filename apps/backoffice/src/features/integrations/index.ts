// What the settings page shows of the shop connections: their card on the Intégrations tab.

export { ConnectionsCard } from "./components/connections-card";
