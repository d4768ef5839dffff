// What the settings page shows of the team: its tab (members, invitations, join requests).

export { TeamsTab } from "./components/teams-tab";
