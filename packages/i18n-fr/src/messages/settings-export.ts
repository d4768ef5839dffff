/** Settings › Confidentialité: the company's ZIP export (owner and admin). */
export const settingsExport = {
  title: "Exporter toutes les données",
  description:
    "Téléchargez un fichier ZIP avec tous vos avis (réponses, statuts, dates, réponses publiques et journal de modération), vos commandes, vos produits, le journal de modération, les photos, vidéos et images enregistrées, et vos réglages (modèles d'e-mails, formulaires, membres, factures, adresses exclues, webhooks et connexions aux boutiques, sans leurs secrets). Les fichiers CSV s'ouvrent directement dans Excel ; le fichier LISEZMOI.txt décrit chaque fichier et chaque colonne.",
  button: "Exporter toutes les données",
  busy: "Préparation du téléchargement…",
  done: "Téléchargement lancé : le fichier arrive dans vos téléchargements.",
  failed: "L'export a échoué. Veuillez réessayer.",
} as const;
