/** Abonnement: a lower plan from the end of the paid period (settings → Abonnement). */
export const planChange = {
  choose: "Passer à cette offre",
  dialogTitle: (plan: string) => `Passer à l'offre ${plan} ?`,
  when: (plan: string, date: string) =>
    `Votre offre actuelle reste active jusqu'au ${date}. Le ${date}, vous passerez à l'offre ${plan}.`,
  nextInvoice: (ht: string, ttc: string) => `Votre prochaine facture sera de ${ht} HT (${ttc} TTC) par mois.`,
  noMoreInvoice: "Vous ne serez plus facturé ensuite.",
  changesTitle: "Ce qui change à cette date :",
  keepData:
    "Vos données sont conservées. Au-delà des nouvelles limites, vous ne pourrez plus en ajouter, et les e-mails au-delà du quota attendront le mois suivant.",
  confirm: "Programmer le changement",
  scheduledTitle: "Changement d'offre programmé",
  scheduled: (plan: string, date: string) => `Passage à l'offre ${plan} prévu le ${date}.`,
  cancel: "Annuler ce changement",
  cancelledTitle: "Changement annulé",
  cancelledDescription: (plan: string) => `Votre offre ${plan} sera renouvelée.`,
  unlimited: "illimité",
  limits: {
    max_products: "Produits",
    max_members: "Membres",
    max_emails_per_month: "E-mails par mois",
    max_templates: "Modèles d'e-mails personnalisés",
    max_forms: "Formulaires personnalisés",
    uploads: "Photos et vidéos dans les avis",
  },
  uploadsOff: "plus acceptées",
  iframeScope: "Widget iframe",
  scopes: { basic: "basique", all_reviews: "avec tous les avis", unlimited: "illimité" },
  change: (label: string, from: string, to: string) => `${label} : ${from} → ${to}`,
} as const;
