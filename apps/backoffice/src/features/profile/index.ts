// What the settings page shows of the signed-in user: the Utilisateur tab (profile, alerts, password, account).

export { UserTab } from "./components/user-tab";
