import { fr } from "@certavis/i18n-fr";
import { useLocation } from "react-router";
import { ComingSoon } from "../../../components/coming-soon";
import { NotFoundPanel } from "../../../components/not-found-panel";

const tabs = fr.settings.tabs;

/** /settings/{teams,subscription,company,user}: the tab is the last segment of the path. */
export function SettingsRoute() {
  const tab = useLocation().pathname.split("/")[2] ?? "";
  const title = tab in tabs ? tabs[tab as keyof typeof tabs] : undefined;
  if (!title) return <NotFoundPanel />;
  return <ComingSoon title={`${fr.settings.title} · ${title}`} />;
}
