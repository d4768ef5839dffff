import type { Plan } from "@certavis/domain";
import { formatPrice } from "@certavis/i18n-fr/format";
import { planName } from "@certavis/i18n-fr/server";
import { type HtmlPage, htmlPage } from "../../http/html-page";
import cardPage from "../../http/pages/card-page.css";
import pageStyle from "./sandbox-page.css";

const style = cardPage + pageStyle;

/** The local checkout page (no Stripe): the plan, its price and 'Payer' / 'Annuler'. */
export function renderSandboxCheckout(input: {
  sessionId: string;
  plan: Plan;
  companyName: string;
  basePath: string;
  formOrigins: string[];
}): HtmlPage {
  const action = `${input.basePath}/billing/sandbox/${encodeURIComponent(input.sessionId)}`;
  const body = (
    <>
      <p className="badge">Paiement de test — aucun montant ne sera prélevé</p>
      <h1>{`Abonnement ${planName(input.plan.type)}`}</h1>
      <p className="muted">{`Entreprise : ${input.companyName}`}</p>
      <p className="price">
        {formatPrice(input.plan.price, input.plan.currency)} <span className="muted">/ mois</span>
      </p>
      <p className="muted">Facturation mensuelle, résiliable à tout moment (fin de la période en cours).</p>
      <div className="actions">
        <form method="post" action={`${action}/complete/`}>
          <button type="submit" className="pay">
            Payer
          </button>
        </form>
        <form method="post" action={`${action}/cancel/`}>
          <button type="submit" className="cancel">
            Annuler
          </button>
        </form>
      </div>
    </>
  );
  return htmlPage({
    title: `Paiement — Abonnement ${planName(input.plan.type)}`,
    style,
    body,
    formOrigins: input.formOrigins,
  });
}

export function renderSandboxNotFound(): HtmlPage {
  const body = (
    <>
      <h1>Session de paiement introuvable</h1>
      <p className="muted">Cette session de paiement n'existe pas, a expiré ou est déjà terminée.</p>
    </>
  );
  return htmlPage({ title: "Session de paiement introuvable", style, body });
}
