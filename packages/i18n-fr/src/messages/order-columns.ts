/** The order file's columns by their French names (the import screen and the domain's errors). */
export const orderColumns = {
  reference: "Référence",
  product_id: "Produit (id)",
  sku: "Produit (SKU)",
  buyer_email: "E-mail",
  buyer_first_name: "Prénom",
  buyer_last_name: "Nom",
  order_date: "Date de commande",
  gtin: "GTIN du produit",
  marque: "Marque du produit",
  url_produit: "Page du produit",
  buyer_full_name: "Nom complet",
  product_name: "Nom du produit",
  order_status: "État de la commande",
} as const;
