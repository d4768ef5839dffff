/** The invoice PDF (`GET /company/invoices/{id}/pdf/`). */
export const invoicePdf = {
  title: (number: string) => `Facture n° ${number}`,
  date: (date: string) => `Date de facture : ${date}`,
  issuer: "Certavis",
  issuerLine: "Avis clients certifiés",
  billedTo: "Facturé à",
  noAddress: "Adresse de facturation non renseignée (Paramètres › Entreprise)",
  description: "Désignation",
  amount: "Montant",
  line: (plan: string) => `Abonnement Certavis, offre ${plan}`,
  period: (from: string, to: string) => `Période du ${from} au ${to}`,
  totalHt: "Total HT",
  vat: (rate: number) => `TVA ${rate} %`,
  totalTtc: "Total TTC",
  paid: "Facture acquittée.",
  fileName: (number: string) => `facture-${number}.pdf`,
} as const;
