import { type Plan, priceHt } from "@certavis/domain";
import { formatLongDate, formatPrice } from "@certavis/i18n-fr/format";
import { fr, planName } from "@certavis/i18n-fr/server";
import { type HtmlPage, htmlPage } from "../../http/html-page";
import cardPage from "../../http/pages/card-page.css";
import pageStyle from "./sandbox-page.css";

import type { Upgrade } from "./upgrade";

const style = cardPage + pageStyle;
const texts = fr.server.billing;
const PARIS = { timeZone: "Europe/Paris" };

/** The local checkout page (no Stripe): the plan, its price and 'Payer' / 'Annuler'. */
export function renderSandboxCheckout(input: {
  sessionId: string;
  plan: Plan;
  companyName: string;
  basePath: string;
  formOrigins: string[];
  /** A higher plan within a paid period: what is credited and paid now. */
  upgrade: Upgrade | null;
}): HtmlPage {
  const { upgrade } = input;
  const cents = (amount: number) => formatPrice(amount / 100, input.plan.currency);
  const action = `${input.basePath}/billing/sandbox/${encodeURIComponent(input.sessionId)}`;
  const body = (
    <>
      <p className="badge">Paiement de test — aucun montant ne sera prélevé</p>
      <h1>{`Abonnement ${planName(input.plan.type)}`}</h1>
      <p className="muted">{`Entreprise : ${input.companyName}`}</p>
      <p className="price">
        {texts.monthlyHt(formatPrice(priceHt(input.plan.price), input.plan.currency))}{" "}
        <span className="muted">{texts.ttcBeside(formatPrice(input.plan.price, input.plan.currency))}</span>
      </p>
      {upgrade ? (
        <>
          <p className="muted">
            {texts.upgradeCredit(planName(upgrade.from), cents(upgrade.proration.creditCents))}
          </p>
          <p className="price">{texts.upgradeDue(cents(upgrade.proration.dueCents))}</p>
          <p className="muted">{texts.upgradeUntil(formatLongDate(upgrade.periodEnd, PARIS))}</p>
        </>
      ) : null}
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
