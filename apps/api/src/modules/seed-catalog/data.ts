/** Texts of the demo catalogue (French, like the product). */
export const DEMO_PRODUCTS = [
  {
    name: "Lampe Aurore",
    description: "Lampe de table en laiton brossé et verre opalin.",
    status: "active",
    sku: "LAMP-001",
    sendReminder: true,
  },
  {
    name: "Applique Nova",
    description: "Applique murale orientable, lumière chaude.",
    status: "active",
    sku: "APPL-002",
    sendReminder: false,
  },
  {
    name: "Suspension Éclipse",
    description: "Suspension en céramique mate, diamètre 40 cm.",
    status: "draft",
    sku: "SUSP-003",
    sendReminder: false,
  },
  {
    name: "Lampadaire Orion",
    description: "Lampadaire en chêne massif (collection 2025).",
    status: "archived",
    sku: "LAMPD-004",
    sendReminder: false,
  },
] as const;

export const DEMO_BUYERS = [
  { first: "Léa", last: "Bernard" },
  { first: "Hugo", last: "Lefèvre" },
  { first: "Chloé", last: "Moreau" },
  { first: "Lucas", last: "Girard" },
  { first: "Inès", last: "Fontaine" },
  { first: "Nathan", last: "Rousseau" },
  { first: "Manon", last: "Vincent" },
  { first: "Théo", last: "Mercier" },
  { first: "Camille", last: "Blanc" },
  { first: "Jules", last: "Garnier" },
  { first: "Sarah", last: "Chevalier" },
  { first: "Louis", last: "Perrin" },
  { first: "Emma", last: "Robin" },
] as const;

export const DEMO_COMMENTS = [
  "Très belle lampe, la lumière est douce et la finition impeccable.",
  "Livraison rapide et emballage soigné. Je recommande.",
  "Conforme à la description, un peu plus petite que prévu.",
  "Superbe rendu dans mon salon, mes invités l'adorent !",
  "",
  "Produit de qualité, le service client a répondu vite à mes questions.",
  "Le variateur fonctionne parfaitement, très pratique le soir.",
  "Arrivée avec un éclat sur le pied, décevant.",
  "Bon rapport qualité-prix.",
  "Deuxième achat chez eux, toujours aussi satisfait.",
  "Montage simple, notice claire.",
  "La couleur est exactement celle des photos.",
] as const;
