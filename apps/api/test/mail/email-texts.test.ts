import { describe, expect, it } from "vitest";
import { EMAIL_PREVIEWS } from "../../src/dev/email-previews";

/**
 * The text part of every e-mail the server sends, rendered from its component with the previews'
 * sample values (src/dev/email-previews.ts): exactly what the recipient reads, links included. The
 * markup is not compared: the HTML part comes from the same component.
 */
const EXPECTED: Record<string, { subject: string; text: string }> = {
  "verification-code": {
    subject: "Votre code de v\u00e9rification Certavis : 482913",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Votre code de v\u00e9rification est : 482913\n" +
      "Il est valable 10 minutes.\n" +
      "\n" +
      "Vous pouvez aussi confirmer votre adresse en ouvrant ce lien :\n" +
      "http://127.0.0.1:3000/verify-email?code=482913\n" +
      "\n" +
      "Si vous n'avez pas cr\u00e9\u00e9 de compte Certavis, ignorez cet e-mail.\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  "password-reset": {
    subject: "R\u00e9initialisation de votre mot de passe Certavis",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure, utilisable une seule fois) :\n" +
      "http://127.0.0.1:3000/reset-password?token=jeton-exemple\n" +
      "\n" +
      "Si vous n'avez pas demand\u00e9 de r\u00e9initialisation, ignorez cet e-mail : votre mot de passe reste inchang\u00e9.\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  "email-change-confirmation": {
    subject: "Confirmez votre nouvelle adresse e-mail Certavis",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Pour utiliser cette adresse pour votre compte Certavis, ouvrez ce lien (valable 24 heures) :\n" +
      "http://127.0.0.1:3000/confirm-email-change?token=jeton-exemple\n" +
      "\n" +
      "Si vous n'\u00eates pas \u00e0 l'origine de cette demande, ignorez cet e-mail.\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  "email-change-notice": {
    subject: "Demande de changement d'adresse e-mail de votre compte Certavis",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Une demande de changement de l'adresse e-mail de votre compte vers nouvelle@exemple.fr a \u00e9t\u00e9 faite. Le changement ne sera effectif qu'apr\u00e8s confirmation depuis la nouvelle adresse.\n" +
      "\n" +
      "Si vous n'\u00eates pas \u00e0 l'origine de cette demande, changez votre mot de passe sans attendre.\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  "password-changed": {
    subject: "Votre mot de passe Certavis a \u00e9t\u00e9 modifi\u00e9",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Le mot de passe de votre compte vient d'\u00eatre modifi\u00e9 et vos autres sessions ont \u00e9t\u00e9 d\u00e9connect\u00e9es.\n" +
      "\n" +
      "Si vous n'\u00eates pas \u00e0 l'origine de ce changement, r\u00e9initialisez votre mot de passe sans attendre.\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  invitation: {
    subject: "Invitation \u00e0 rejoindre La Fromagerie Zo\u00e9 sur Certavis",
    text:
      "Bonjour,\n" +
      "\n" +
      "Camille Durand vous invite \u00e0 rejoindre La Fromagerie Zo\u00e9 sur Certavis avec le r\u00f4le Manager.\n" +
      "\n" +
      "Pour accepter ou refuser l'invitation, ouvrez ce lien :\n" +
      "http://127.0.0.1:3000/register\n" +
      "\n" +
      "Votre code d'invitation : INV-4829\n" +
      "Il est valable jusqu'au 14 mars 2026.\n" +
      "\n" +
      "Si vous ne vous attendiez pas \u00e0 cette invitation, ignorez cet e-mail.\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  "negative-review-alert": {
    subject: "Nouvel avis n\u00e9gatif (2/5) sur Comt\u00e9 18 mois",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Un acheteur vient de laisser un avis n\u00e9gatif \u00e0 La Fromagerie Zo\u00e9 :\n" +
      "\n" +
      "Comt\u00e9 18 mois \u2014 2/5 \u2014 Camille : \u00ab Trop sec \u2014 Le fromage est arriv\u00e9 ab\u00eem\u00e9. \u00bb\n" +
      "\n" +
      "Pour les lire et les mod\u00e9rer, ouvrez :\n" +
      "http://127.0.0.1:3000/reviews\n" +
      "\n" +
      "Vous pouvez choisir les alertes que vous recevez dans Param\u00e8tres \u203a Utilisateur \u203a 'Alertes par e-mail'.\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  "review-digest": {
    subject: "Vos 4 nouveaux avis du jour sur Certavis",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "La Fromagerie Zo\u00e9 a re\u00e7u 4 nouveaux avis depuis le dernier r\u00e9capitulatif :\n" +
      "\n" +
      "Comt\u00e9 18 mois \u2014 5/5 \u2014 Lou : \u00ab Parfait \u2014 Fondant. \u00bb\n" +
      "Brie de Meaux \u2014 4,5/5 \u2014 Sam : \u00ab Tr\u00e8s bon. \u00bb\n" +
      "Avis sur la boutique \u2014 5/5 \u2014 In\u00e8s : \u00ab Colis soign\u00e9. \u00bb\n" +
      "\u2026 et 1 autre avis.\n" +
      "\n" +
      "Pour les lire et les mod\u00e9rer, ouvrez :\n" +
      "http://127.0.0.1:3000/reviews\n" +
      "\n" +
      "Vous pouvez choisir les alertes que vous recevez dans Param\u00e8tres \u203a Utilisateur \u203a 'Alertes par e-mail'.\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  "webhook-endpoint-disabled": {
    subject: "Un point de r\u00e9ception de webhooks a \u00e9t\u00e9 d\u00e9sactiv\u00e9",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Les envois de webhooks vers http://127.0.0.1:9000/hooks \u00e9chouent depuis 5 jours : ce point de r\u00e9ception a \u00e9t\u00e9 d\u00e9sactiv\u00e9 et ne re\u00e7oit plus d'\u00e9v\u00e9nements.\n" +
      "\n" +
      "Corrigez le serveur de r\u00e9ception, puis r\u00e9activez-le dans Param\u00e8tres \u203a Int\u00e9grations ; les envois en \u00e9chec peuvent y \u00eatre renvoy\u00e9s :\n" +
      "http://127.0.0.1:3000/settings?tab=webhooks\n" +
      "\n" +
      "\u2014 L'\u00e9quipe Certavis",
  },
  request: {
    subject: "Votre avis sur Comt\u00e9 18 mois, Brie de Meaux",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Merci pour votre commande chez La Fromagerie Zo\u00e9. Que pensez-vous de Comt\u00e9 18 mois, Brie de Meaux ?\n" +
      "\n" +
      "http://127.0.0.1:5174/r/exemple-de-cle\n" +
      "\n" +
      "Votre exp\u00e9rience avec La Fromagerie Zo\u00e9 : http://127.0.0.1:5174/r/exemple-de-cle\n" +
      "\n" +
      "Vos produits :\n" +
      "- Comt\u00e9 18 mois : http://127.0.0.1:5174/r/exemple-de-cle\n" +
      "- Brie de Meaux : http://127.0.0.1:5174/r/exemple-de-cle-2\n" +
      "\n" +
      "Cette invitation vous est envoy\u00e9e par La Fromagerie Zo\u00e9 pour votre commande de \u00ab Comt\u00e9 18 mois, Brie de Meaux \u00bb. Votre avis sera publi\u00e9 avec votre pr\u00e9nom et l'initiale de votre nom uniquement, sur le site de La Fromagerie Zo\u00e9. Aucune contrepartie n'est accord\u00e9e en \u00e9change d'un avis.\n" +
      "Comment les avis sont collect\u00e9s et contr\u00f4l\u00e9s : http://127.0.0.1:5175/widget/fonctionnement?company_id=00000000-0000-4000-8000-000000000001\n" +
      "Conditions d'utilisation : http://127.0.0.1:5174/cgu\n" +
      "Ne plus recevoir de demandes d'avis de La Fromagerie Zo\u00e9 : http://127.0.0.1:3000/unsubscribe/exemple",
  },
  reminder: {
    subject: "Un instant pour Comt\u00e9 18 mois, Brie de Meaux ?",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Votre avis sur Comt\u00e9 18 mois, Brie de Meaux nous aiderait beaucoup : http://127.0.0.1:5174/r/exemple-de-cle\n" +
      "\n" +
      "Votre exp\u00e9rience avec La Fromagerie Zo\u00e9 : http://127.0.0.1:5174/r/exemple-de-cle\n" +
      "\n" +
      "Vos produits :\n" +
      "- Comt\u00e9 18 mois : http://127.0.0.1:5174/r/exemple-de-cle\n" +
      "- Brie de Meaux : http://127.0.0.1:5174/r/exemple-de-cle-2\n" +
      "\n" +
      "Cette invitation vous est envoy\u00e9e par La Fromagerie Zo\u00e9 pour votre commande de \u00ab Comt\u00e9 18 mois, Brie de Meaux \u00bb. Votre avis sera publi\u00e9 avec votre pr\u00e9nom et l'initiale de votre nom uniquement, sur le site de La Fromagerie Zo\u00e9. Aucune contrepartie n'est accord\u00e9e en \u00e9change d'un avis.\n" +
      "Comment les avis sont collect\u00e9s et contr\u00f4l\u00e9s : http://127.0.0.1:5175/widget/fonctionnement?company_id=00000000-0000-4000-8000-000000000001\n" +
      "Conditions d'utilisation : http://127.0.0.1:5174/cgu\n" +
      "Ne plus recevoir de demandes d'avis de La Fromagerie Zo\u00e9 : http://127.0.0.1:3000/unsubscribe/exemple",
  },
  thanks: {
    subject: "Merci pour votre avis, Camille",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Merci d'avoir donn\u00e9 votre avis sur Comt\u00e9 18 mois, Brie de Meaux.\n" +
      "\n" +
      "La Fromagerie Zo\u00e9\n" +
      "\n" +
      "Pour retirer votre avis \u00e0 tout moment : http://127.0.0.1:5174/create-reviews/retrait?token=00000000-0000-4000-8000-000000000002.HMyVsbtfojK01xeq9ArPwUpxkmu_tKpXBtAtVCBVyWw\n" +
      "Comment les avis sont collect\u00e9s et contr\u00f4l\u00e9s : http://127.0.0.1:5175/widget/fonctionnement?company_id=00000000-0000-4000-8000-000000000001",
  },
  "template-test": {
    subject: "[Test] Votre avis compte",
    text: "Bonjour Camille,\n" + "\n" + "http://127.0.0.1:5174/apercu/00000000-0000-4000-8000-000000000001",
  },
  rejection: {
    subject: "Votre avis sur La Fromagerie Zo\u00e9 n'a pas \u00e9t\u00e9 publi\u00e9",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Votre avis sur \u00ab Comt\u00e9 18 mois \u00bb n'a pas \u00e9t\u00e9 publi\u00e9 par La Fromagerie Zo\u00e9.\n" +
      "Motif : Avis sans rapport avec le produit ou la commande, ou incompr\u00e9hensible\n" +
      "Pr\u00e9cision : Votre avis parle de la livraison d'un autre magasin.\n" +
      "\n" +
      "Comment les avis sont collect\u00e9s et contr\u00f4l\u00e9s : http://127.0.0.1:5175/widget/fonctionnement?company_id=00000000-0000-4000-8000-000000000001",
  },
  reply: {
    subject: "La Fromagerie Zo\u00e9 a r\u00e9pondu \u00e0 votre avis",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "La Fromagerie Zo\u00e9 a r\u00e9pondu \u00e0 votre avis sur \u00ab Comt\u00e9 18 mois \u00bb :\n" +
      "\n" +
      "Merci Camille, nous vous renvoyons un fromage.\n" +
      "\n" +
      "Comment les avis sont collect\u00e9s et contr\u00f4l\u00e9s : http://127.0.0.1:5175/widget/fonctionnement?company_id=00000000-0000-4000-8000-000000000001",
  },
  "statement-of-reasons": {
    subject: "Votre avis sur La Fromagerie Zo\u00e9 a \u00e9t\u00e9 retir\u00e9",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Votre avis sur \u00ab Comt\u00e9 18 mois \u00bb a \u00e9t\u00e9 retir\u00e9 de la publication par Certavis.\n" +
      "Motif : Donn\u00e9es personnelles (adresse, t\u00e9l\u00e9phone, e-mail\u2026) ou contenu publicitaire\n" +
      "Pr\u00e9cision : Votre avis cite un num\u00e9ro de t\u00e9l\u00e9phone.\n" +
      "\n" +
      "D\u00e9cision : votre avis a \u00e9t\u00e9 retir\u00e9 de la publication.\n" +
      "Faits : Les contr\u00f4les automatiques ont relev\u00e9 : Num\u00e9ro de t\u00e9l\u00e9phone dans le texte. L'avis a \u00e9t\u00e9 examin\u00e9 par un op\u00e9rateur de Certavis.\n" +
      "Des moyens automatis\u00e9s ont \u00e9t\u00e9 utilis\u00e9s : les contr\u00f4les automatiques de Certavis ont signal\u00e9 cet avis.\n" +
      "D\u00e9cision prise par un op\u00e9rateur de Certavis.\n" +
      "\n" +
      "R\u00e8gle appliqu\u00e9e : Donn\u00e9es personnelles (adresse, t\u00e9l\u00e9phone, e-mail\u2026) ou contenu publicitaire (http://127.0.0.1:3000/regles-de-moderation)\n" +
      "\n" +
      "Pour demander une fois le r\u00e9examen de cette d\u00e9cision par un op\u00e9rateur de Certavis : http://127.0.0.1:3000/recours?token=00000000-0000-4000-8000-000000000003.DGWUIJgN3QCLtlyf82cb6GwFqR1wsskhQUkAea-Febs\n" +
      "\n" +
      "Comment les avis sont collect\u00e9s et contr\u00f4l\u00e9s : http://127.0.0.1:5175/widget/fonctionnement?company_id=00000000-0000-4000-8000-000000000001",
  },
  "report-outcome": {
    subject: "Suite donn\u00e9e \u00e0 votre signalement",
    text:
      "Bonjour,\n" +
      "\n" +
      "Nous avons examin\u00e9 l'avis sur La Fromagerie Zo\u00e9 que vous avez signal\u00e9 : il a \u00e9t\u00e9 retir\u00e9 de la publication.\n" +
      "\n" +
      "R\u00e8gles de mod\u00e9ration : http://127.0.0.1:3000/regles-de-moderation",
  },
  "appeal-outcome-overturned": {
    subject: "Votre recours sur votre avis sur La Fromagerie Zo\u00e9",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Un op\u00e9rateur de Certavis a r\u00e9examin\u00e9 la d\u00e9cision prise sur votre avis sur \u00ab Comt\u00e9 18 mois \u00bb : elle est annul\u00e9e. Votre avis est de nouveau publi\u00e9.\n" +
      "Pr\u00e9cision : Le num\u00e9ro cit\u00e9 est celui du service client.\n" +
      "\n" +
      "R\u00e8gles de mod\u00e9ration : http://127.0.0.1:3000/regles-de-moderation\n" +
      "\n" +
      "Comment les avis sont collect\u00e9s et contr\u00f4l\u00e9s : http://127.0.0.1:5175/widget/fonctionnement?company_id=00000000-0000-4000-8000-000000000001",
  },
  "appeal-outcome-upheld": {
    subject: "Votre recours sur votre avis sur La Fromagerie Zo\u00e9",
    text:
      "Bonjour Camille,\n" +
      "\n" +
      "Un op\u00e9rateur de Certavis a r\u00e9examin\u00e9 la d\u00e9cision prise sur votre avis sur \u00ab Comt\u00e9 18 mois \u00bb : elle est maintenue. Votre avis reste retir\u00e9 de la publication.\n" +
      "\n" +
      "Ce r\u00e9examen cl\u00f4t votre recours aupr\u00e8s de Certavis. Vous pouvez encore vous adresser \u00e0 un organe de r\u00e8glement extrajudiciaire des litiges certifi\u00e9 ou \u00e0 la justice.\n" +
      "\n" +
      "R\u00e8gles de mod\u00e9ration : http://127.0.0.1:3000/regles-de-moderation\n" +
      "\n" +
      "Comment les avis sont collect\u00e9s et contr\u00f4l\u00e9s : http://127.0.0.1:5175/widget/fonctionnement?company_id=00000000-0000-4000-8000-000000000001",
  },
  "publication-warning": {
    subject: "1 avis sera publi\u00e9 automatiquement dans 3 jours",
    text:
      "Ces avis d\u00e9pos\u00e9s sur La Fromagerie Zo\u00e9 n'ont pas \u00e9t\u00e9 mod\u00e9r\u00e9s. Sans d\u00e9cision de votre part, ils seront publi\u00e9s automatiquement 30 jours apr\u00e8s leur d\u00e9p\u00f4t :\n" +
      "\n" +
      "- Camille D., \u00ab Comt\u00e9 18 mois \u00bb : publication le 21 mars 2026",
  },
};

describe("the text part of each e-mail", () => {
  it("has a preview for every e-mail, and an expected text for every preview", () => {
    expect(Object.keys(EMAIL_PREVIEWS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(name, async () => {
      const make = EMAIL_PREVIEWS[name];
      if (!make) throw new Error(`no preview ${name}`);
      const mail = await make();
      expect(mail.subject).toBe(expected.subject);
      expect(mail.text).toBe(expected.text);
      // One document, laid out for light and dark clients.
      expect(mail.html.match(/<\/html>/g)).toHaveLength(1);
      expect(mail.html).toContain('<meta name="color-scheme" content="light dark"/>');
    });
  }
});
