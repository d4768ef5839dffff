// What the settings page shows of billing: its tab (plan, plan changes, invoices).

export { SubscriptionTab } from "./components/subscription-tab";
