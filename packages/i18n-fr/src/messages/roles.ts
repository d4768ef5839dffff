/** Role labels keyed by the wire values (`accoutant` is spelled as on the wire). */
export const roles = {
  owner: "Propriétaire",
  admin: "Administrateur",
  manager: "Manager",
  moderator: "Modérateur",
  accoutant: "Comptable",
  member: "Membre",
} as const;
