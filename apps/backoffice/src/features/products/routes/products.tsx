import { fr } from "@certavis/i18n-fr";
import { ComingSoon } from "../../../components/coming-soon";

export function ProductsRoute() {
  return <ComingSoon title={fr.products.title} />;
}
