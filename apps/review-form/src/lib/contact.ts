/** Where shoppers write when the company's own contact is not known (the form did not load). */
export const CONTACT_EMAIL = "contact@certavis.fr";
