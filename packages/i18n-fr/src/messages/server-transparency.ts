/** The public transparency pages `/transparence` and `/avis/{slug}/transparence` (ARCHITECTURE §10.20). */
export const serverTransparency = {
  serviceTitle: "Transparence de la modération — Certavis",
  companyTitle: (company: string) => `Transparence de la modération — ${company}`,
  intro:
    "Chaque mois : les avis reçus, publiés, rejetés ou retirés et pourquoi, ceux que leurs auteurs ont retirés, les signalements, contestations et recours reçus et leurs suites, le délai médian de décision et la part des décisions prises automatiquement.",
  whoService: (certavis: number, shop: number) =>
    `Boutiques modérées par Certavis : ${certavis}. Boutiques qui modèrent elles-mêmes selon la procédure Certavis : ${shop}.`,
  operators: (n: number, since: string | null) =>
    n === 0
      ? "Aucun opérateur Certavis pour le moment."
      : `Opérateurs Certavis : ${n}${since ? `, depuis le ${since}` : ""}.`,
  json: "Ces chiffres en JSON",
  rules: "Règles de modération",
  columns: {
    month: "Mois",
    received: "Reçus",
    published: "Publiés",
    rejected: "Rejetés",
    removed: "Retirés par Certavis",
    withdrawn: "Retirés par leur auteur",
    reports: "Signalements (maintenus / retirés / en cours)",
    contests: "Contestations (maintenus / retirés / en cours)",
    appeals: "Recours (décision maintenue / annulée / en cours)",
    median: "Délai médian de décision",
    automated: "Décisions automatiques",
  },
  hours: (h: number) => `${h.toLocaleString("fr-FR")} h`,
  share: (s: number) => `${Math.round(s * 100)} %`,
  none: "—",
  notFound: "Boutique introuvable",
} as const;
