import { fr } from "@certavis/i18n-fr";
import { ComingSoon } from "../../../components/coming-soon";

export function TemplatesRoute() {
  return <ComingSoon title={fr.templates.title} />;
}
