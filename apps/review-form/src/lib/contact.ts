/** Where shoppers write to (the contract has no company contact address yet). */
export const CONTACT_EMAIL = "contact@certavis.fr";
