/** The account and team e-mails the server sends (texts of `mail/compose` paragraphs). */
export const serverMails = {
  signature: "— L'équipe Certavis",
  greeting: (firstName: string) => (firstName ? `Bonjour ${firstName},` : "Bonjour,"),
  verificationCode: {
    subject: (code: string) => `Votre code de vérification Certavis : ${code}`,
    code: (code: string) => `Votre code de vérification est : ${code}\nIl est valable 10 minutes.`,
    link: "Vous pouvez aussi confirmer votre adresse en ouvrant ce lien :",
    ignore: "Si vous n'avez pas créé de compte Certavis, ignorez cet e-mail.",
  },
  passwordReset: {
    subject: "Réinitialisation de votre mot de passe Certavis",
    link: "Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure, utilisable une seule fois) :",
    ignore:
      "Si vous n'avez pas demandé de réinitialisation, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  emailChangeConfirmation: {
    subject: "Confirmez votre nouvelle adresse e-mail Certavis",
    link: "Pour utiliser cette adresse pour votre compte Certavis, ouvrez ce lien (valable 24 heures) :",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
  },
  emailChangeNotice: {
    subject: "Demande de changement d'adresse e-mail de votre compte Certavis",
    requested: (newEmail: string) =>
      `Une demande de changement de l'adresse e-mail de votre compte vers ${newEmail} a été faite. Le changement ne sera effectif qu'après confirmation depuis la nouvelle adresse.`,
    notYou: "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe sans attendre.",
  },
  passwordChanged: {
    subject: "Votre mot de passe Certavis a été modifié",
    changed:
      "Le mot de passe de votre compte vient d'être modifié et vos autres sessions ont été déconnectées.",
    notYou:
      "Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe sans attendre.",
  },
  invitation: {
    subject: (companyName: string) => `Invitation à rejoindre ${companyName} sur Certavis`,
    someone: "Un membre de l'équipe",
    invites: (inviter: string, companyName: string, role: string) =>
      `${inviter} vous invite à rejoindre ${companyName} sur Certavis avec le rôle ${role}.`,
    link: "Pour accepter ou refuser l'invitation, ouvrez ce lien :",
    code: (code: string, until: string) =>
      `Votre code d'invitation : ${code}\nIl est valable jusqu'au ${until}.`,
    ignore: "Si vous ne vous attendiez pas à cette invitation, ignorez cet e-mail.",
  },
} as const;
