// What the settings page shows of privacy: its tab (erasure, export, suppression list).

export { PrivacyTab } from "./components/privacy-tab";
