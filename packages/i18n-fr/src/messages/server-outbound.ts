/** Why an address the server would call (webhook endpoint, shop) is refused (`lib/outbound`). */
export const outbound = {
  invalid: "Saisissez une URL valide.",
  scheme: "L'adresse doit commencer par https://.",
  private: "Cette adresse mène à un réseau privé ou réservé : donnez une adresse publique.",
  unresolved: "Ce nom de domaine est introuvable.",
} as const;

/** The outgoing webhooks' answers, delivery errors and the e-mail of a disabled endpoint. */
export const webhooks = {
  tooMany: (max: number) => `Vous pouvez ajouter au plus ${max} points de réception.`,
  disabled: "Ce point de réception est désactivé : réactivez-le d'abord.",
  notResendable: "Seul un envoi en échec d'un point de réception actif peut être renvoyé.",
  error: {
    refused: "Adresse refusée : elle ne mène pas à un serveur public.",
    timeout: "Pas de réponse en 10 secondes.",
    network: "Connexion impossible au serveur de réception.",
    endpointDisabled: "Point de réception désactivé.",
  },
  disabledMail: {
    subject: "Un point de réception de webhooks a été désactivé",
    body: (url: string) =>
      `Les envois de webhooks vers ${url} échouent depuis 5 jours : ce point de réception a été désactivé et ne reçoit plus d'événements.`,
    action:
      "Corrigez le serveur de réception, puis réactivez-le dans Paramètres › Intégrations ; les envois en échec peuvent y être renvoyés :",
  },
} as const;
