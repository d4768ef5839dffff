import { fr } from "@certavis/i18n-fr";
import { ComingSoon } from "../../../components/coming-soon";

export function IframeRoute() {
  return <ComingSoon title={fr.iframe.title} />;
}
