/**
 * The company's ZIP export (`GET /company/export/`): its `LISEZMOI.txt`. Each file's columns are
 * described here under the column's name (the export's header lines use exactly these names).
 */
export const companyExport = {
  readmeTitle: (company: string, date: string) => `Export des données de ${company} (Certavis), ${date}`,
  readmeIntro: [
    "Ce fichier ZIP contient toutes les données de votre entreprise sur Certavis.",
    "Les fichiers CSV sont en UTF-8 avec BOM, colonnes séparées par « ; » : ils s'ouvrent tels quels dans Excel en français.",
    "Une cellule qui commencerait par =, +, -, @, une tabulation ou un retour chariot est précédée d'une apostrophe (') pour qu'aucun tableur ne l'exécute comme une formule.",
    "Les dates sont au format ISO 8601 en temps universel (UTC), par exemple 2026-03-14T09:30:00.000Z ; une cellule vide signifie « sans objet ».",
    "Statuts d'un avis : pending (en attente), approved (publié), rejected (rejeté), withdrawn (retiré par l'auteur ou effacé), expired (retiré de l'affichage 5 ans après publication).",
  ],
  columnsHeading: "Colonnes :",
  files: {
    reviewsCsv: "Tous les avis, un par ligne, les plus anciens d'abord.",
    reviewsJson:
      "Les mêmes avis en JSON (un tableau d'objets), avec pour chacun les réponses au formulaire (libellé, type, valeur), les fichiers joints et le journal de modération complet de l'avis.",
    ordersCsv: "Toutes les commandes reçues (API, import CSV, intégrations), une ligne par produit commandé.",
    productsCsv: "Tous les produits, archivés compris.",
    auditCsv:
      "Le journal de modération de l'entreprise (chaque événement de chaque avis), les plus anciens d'abord.",
    templatesJson:
      "Les modèles d'e-mails (demande, rappel, remerciement) en JSON : nom, type, objet, texte, délais, modèle par défaut ou non.",
    formsJson:
      "Les formulaires d'avis en JSON : nom, titre, description, statut et la liste des champs (identifiant, libellé, type, options).",
    membersCsv: "Les membres de l'entreprise et leur rôle.",
    invoicesCsv:
      "Les factures de votre abonnement Certavis (les PDF restent téléchargeables depuis Paramètres, Abonnement).",
    suppressionsCsv:
      "Les adresses auxquelles Certavis n'écrit plus pour vous (désinscription, adresse refusée, effacement) ; l'adresse est vide pour un acheteur effacé.",
    webhooksJson:
      "Les webhooks configurés (adresse, description, événements, actif ou non), sans leur secret de signature.",
    integrationsJson:
      "Les connexions aux boutiques (Shopify, WooCommerce, PrestaShop) et leurs réglages, sans leur secret ni clé.",
    media:
      "Les fichiers enregistrés : media/avis/<id de l'avis>/ (photos et vidéos des avis), media/produits/<id du produit>.<ext> (images des produits) et media/logo.<ext> (le logo de l'entreprise). Un fichier vide est un fichier introuvable dans le stockage au moment de l'export.",
  },
  columns: {
    reviews: {
      id: "identifiant de l'avis",
      date_depot: "date à laquelle l'acheteur a déposé l'avis",
      statut: "statut de l'avis (voir plus haut)",
      note: "note sur 5 (virgule décimale)",
      titre: "titre de l'avis",
      commentaire: "texte de l'avis",
      auteur_prenom: "prénom de l'auteur",
      auteur_nom: "nom de l'auteur",
      produit_id: "identifiant du produit",
      produit: "nom du produit",
      produit_sku: "référence (SKU) du produit",
      commande: "référence de la commande",
      acheteur_email: "adresse e-mail de l'acheteur",
      date_moderation: "date de la validation ou du rejet",
      date_publication: "date de publication (avis publiés)",
      motif_rejet: "motif du rejet (abusive, personal_data, off_topic, conflict_of_interest, fake_suspected)",
      precision_rejet: "précision donnée avec le rejet",
      reponse: "réponse publique de l'entreprise",
      date_reponse: "date de la réponse",
      date_retrait: "date du retrait par l'auteur ou de l'effacement",
      date_expiration: "date du retrait de l'affichage après 5 ans",
      reponses_formulaire: "réponses au formulaire en JSON ({ « libellé » : valeur })",
      fichiers: "chemins des photos et vidéos jointes dans ce ZIP, séparés par « | »",
    },
    orders: {
      commande: "référence de la commande",
      ligne: "rang du produit dans la commande (0 pour le premier)",
      date_commande: "date de la commande",
      date_reception: "date à laquelle Certavis a reçu la commande",
      produit_id: "identifiant du produit",
      produit: "nom du produit",
      produit_sku: "référence (SKU) du produit",
      acheteur_email: "adresse e-mail de l'acheteur",
      acheteur_prenom: "prénom de l'acheteur",
      acheteur_nom: "nom de l'acheteur",
      envois_arretes:
        "raison de l'arrêt des e-mails : suppressed (adresse exclue), bounced (adresse refusée)",
      avis_id: "identifiant de l'avis déposé pour cette commande, s'il y en a un",
    },
    products: {
      id: "identifiant du produit",
      nom: "nom du produit",
      description: "description",
      statut: "active (actif), draft (brouillon) ou archived (archivé)",
      sku: "référence (SKU)",
      gtin: "code GTIN (EAN)",
      marque: "marque",
      url: "page du produit sur votre site",
      image: "chemin de l'image du produit dans ce ZIP",
      delai_demande_jours: "délai d'envoi de la demande d'avis, en jours",
      rappel: "oui si un rappel est envoyé, sinon non",
      delai_rappel_jours: "délai du rappel, en jours",
      date_creation: "date de création",
      date_modification: "date de la dernière modification",
    },
    members: {
      prenom: "prénom du membre",
      nom: "nom du membre",
      email: "adresse e-mail de connexion",
      role: "rôle (owner, admin, manager, moderator, accoutant, member)",
      date_arrivee: "date d'arrivée dans l'entreprise",
    },
    invoices: {
      numero: "numéro de la facture",
      date: "date d'émission",
      formule: "formule facturée",
      montant: "montant payé",
      devise: "devise",
      debut_periode: "début de la période facturée",
      fin_periode: "fin de la période facturée",
      client: "nom du client sur la facture",
      adresse: "adresse du client sur la facture",
    },
    suppressions: {
      email: "adresse exclue (vide pour un acheteur effacé)",
      raison: "unsubscribe (désinscription), bounce (adresse refusée) ou erasure (effacement)",
      date: "date de l'exclusion",
    },
    audit: {
      date: "date de l'événement",
      avis: "identifiant de l'avis",
      produit: "nom du produit",
      auteur_avis: "auteur de l'avis",
      evenement: "événement (dépôt, validation, rejet, réponse, retrait…)",
      par: "qui l'a fait (un membre, l'auteur de l'avis ou le système)",
      de: "statut avant",
      vers: "statut après",
      motif: "motif (rejet, signalement)",
      note: "précision",
    },
  },
  /** A download link (`/company/export/download/?token=`) expired, altered, or of a member who may no longer export. */
  linkInvalid: "Ce lien de téléchargement a expiré ou n'est pas valide. Relancez l'export depuis Certavis.",
  yes: "oui",
  no: "non",
} as const;
