/**
 * The start-up error a deployer reads when an environment variable is wrong (apps/api `env.ts`): the
 * French line; the English line follows it, written next to the schema.
 */
export const environment = {
  invalid: (name: string, given: string, expected: string) =>
    `Variable d'environnement ${name} invalide : ${given} donné, attendu : ${expected}.`,
  hidden: "(valeur masquée)",
  expected: {
    port: "un entier de 1 à 65535",
    positiveInteger: "un entier supérieur ou égal à 1",
    milliseconds: "un nombre entier de millisecondes (0 : la valeur par défaut)",
    shutdownDrain: "un nombre entier de millisecondes (0 : aucune attente)",
    httpOrigin: "une adresse http:// ou https://",
    databaseUrl: "une adresse postgres:// ou postgresql://",
    smtpUrl: "une adresse smtp:// ou smtps://",
    redisUrl: "une adresse redis:// ou rediss://",
    zeroOrOne: "0 ou 1",
    seedDemo: "1 ou 0 (true ou false)",
    logLevel: "fatal, error, warn, info, debug, trace ou silent",
    trustProxy:
      "un nombre de proxys (1 : un répartiteur de charge) ou leurs adresses/CIDR séparés par des virgules ; true laisserait tout client choisir son adresse",
    dkimKey: "une clé PEM ou le chemin d'un fichier lisible qui la contient",
    siret: "un SIRET de 14 chiffres",
  },
} as const;
