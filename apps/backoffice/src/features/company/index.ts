// What the settings page shows of the company: its tab (details, API key, quota, leaving or deleting it).

export { CompanyTab } from "./components/company-tab";
