import { escapeHtml, type Plan } from "@certavis/domain";
import { formatPrice } from "@certavis/i18n-fr/format";
import { planName } from "@certavis/i18n-fr/server";
import { type HtmlPage, htmlPage } from "../../http/html-page";

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1c2024}
main{max-width:28rem;margin:4rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fff4d5;color:#8a5a00;border-radius:999px;padding:.2rem .7rem;font-size:.8rem;margin:0}
h1{font-size:1.4rem;margin:1rem 0 .25rem}
.price{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
.muted{color:#60646c;font-size:.9rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
form{flex:1;margin:0}
button{width:100%;padding:.75rem 1rem;border-radius:8px;border:1px solid transparent;font-size:1rem;cursor:pointer}
.pay{background:#3e63dd;color:#fff}
.cancel{background:#fff;color:#1c2024;border-color:#d0d3d9}
`;

function layout(title: string, body: string, formOrigins: string[]): HtmlPage {
  return htmlPage({ title, style: STYLE, body, formOrigins });
}

/** The local checkout page (no Stripe): the plan, its price and 'Payer' / 'Annuler'. */
export function renderSandboxCheckout(input: {
  sessionId: string;
  plan: Plan;
  companyName: string;
  basePath: string;
  formOrigins: string[];
}): HtmlPage {
  const action = `${input.basePath}/billing/sandbox/${encodeURIComponent(input.sessionId)}`;
  const body = `<p class="badge">Paiement de test — aucun montant ne sera prélevé</p>
<h1>Abonnement ${escapeHtml(planName(input.plan.type))}</h1>
<p class="muted">Entreprise : ${escapeHtml(input.companyName)}</p>
<p class="price">${escapeHtml(formatPrice(input.plan.price, input.plan.currency))} <span class="muted">/ mois</span></p>
<p class="muted">Facturation mensuelle, résiliable à tout moment (fin de la période en cours).</p>
<div class="actions">
<form method="post" action="${action}/complete/"><button type="submit" class="pay">Payer</button></form>
<form method="post" action="${action}/cancel/"><button type="submit" class="cancel">Annuler</button></form>
</div>`;
  return layout(`Paiement — Abonnement ${planName(input.plan.type)}`, body, input.formOrigins);
}

export function renderSandboxNotFound(): HtmlPage {
  return layout(
    "Session de paiement introuvable",
    `<h1>Session de paiement introuvable</h1>
<p class="muted">Cette session de paiement n'existe pas, a expiré ou est déjà terminée.</p>`,
    [],
  );
}
