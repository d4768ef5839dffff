/** Why an address the server would call (webhook endpoint, shop) is refused (`lib/outbound`). */
export const outbound = {
  invalid: "Saisissez une URL valide.",
  scheme: "L'adresse doit commencer par https://.",
  private: "Cette adresse mène à un réseau privé ou réservé : donnez une adresse publique.",
  unresolved: "Ce nom de domaine est introuvable.",
} as const;
