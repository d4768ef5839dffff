import { fr } from "@certavis/i18n-fr";
import { ComingSoon } from "../../../components/coming-soon";

export function FormsRoute() {
  return <ComingSoon title={fr.forms.title} />;
}
