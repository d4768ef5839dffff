/** Settings › Confidentialité: the company's ZIP export (owner and admin). */
export const settingsExport = {
  title: "Exporter toutes les données",
  description:
    "Téléchargez un fichier ZIP avec tous vos avis (réponses, statuts, dates, réponses publiques et journal de modération), vos commandes, vos produits, le journal de modération et les photos, vidéos et images enregistrées. Les fichiers CSV s'ouvrent directement dans Excel ; le fichier LISEZMOI.txt décrit chaque colonne.",
  button: "Exporter toutes les données",
  busy: "Export en cours…",
  received: (megabytes: number) =>
    `${megabytes.toLocaleString("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} Mo reçus`,
  done: "Export téléchargé",
  failed: "L'export a échoué. Veuillez réessayer.",
} as const;
