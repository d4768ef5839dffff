/** The invoice PDF (`GET /company/invoices/{id}/pdf/`). */
export const invoicePdf = {
  title: (number: string) => `Facture n° ${number}`,
  date: (date: string) => `Date de facture : ${date}`,
  capital: (legalForm: string, amount: string) => `${legalForm} au capital de ${amount}`,
  companyIds: (siren: string, siret: string) => `SIREN ${siren} · SIRET ${siret}`,
  rcs: (city: string, siren: string) => `RCS ${city} ${siren}`,
  vatNumber: (id: string) => `N° TVA intracommunautaire : ${id}`,
  billedTo: "Facturé à",
  noAddress: "Adresse de facturation non renseignée (Paramètres › Entreprise)",
  description: "Désignation",
  amount: "Montant",
  line: (plan: string) => `Abonnement Certavis, offre ${plan}`,
  period: (from: string, to: string) => `Période du ${from} au ${to}`,
  totalHt: "Total HT",
  vat: (rate: number) => `TVA ${rate} %`,
  totalTtc: "Total TTC",
  buyerSiren: (siren: string) => `SIREN : ${siren}`,
  prorated: (plan: string, from: string, to: string, charge: string, credit: string) =>
    `Prorata : offre ${plan} du ${from} au ${to}, ${charge} TTC, moins la partie non utilisée de l'offre précédente, ${credit} TTC`,
  paidOn: (date: string) => `Facture acquittée le ${date}.`,
  paymentMeans: {
    stripe: "Moyen de paiement : paiement en ligne (Stripe).",
    sandbox: "Moyen de paiement : paiement de test (aucun montant prélevé).",
  } as Readonly<Record<string, string>>,
  noDiscount: "Aucun escompte pour paiement anticipé.",
  /** Mentions every B2B invoice carries (Code de commerce, L441-9, L441-10, D441-5). */
  latePayment:
    "En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (Code de commerce, art. L441-10 et D441-5).",
  fileName: (number: string) => `facture-${number}.pdf`,
} as const;
