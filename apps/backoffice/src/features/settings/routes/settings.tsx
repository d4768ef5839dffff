import { fr } from "@certavis/i18n-fr";
import { useParams } from "react-router";
import { ComingSoon } from "../../../components/coming-soon";
import { NotFoundPanel } from "../../../components/not-found-panel";

const tabs = fr.settings.tabs;

export function SettingsRoute() {
  const { tab } = useParams();
  const title = tab && tab in tabs ? tabs[tab as keyof typeof tabs] : undefined;
  if (!title) return <NotFoundPanel />;
  return <ComingSoon title={`${fr.settings.title} · ${title}`} />;
}
