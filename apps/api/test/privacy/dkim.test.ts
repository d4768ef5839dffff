import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../../src/mail/smtp-mailer";
import { startTestSmtp, type TestSmtp } from "../helpers";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const dkim = {
  domain: "mail.certavis.test",
  selector: "cv2026",
  privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};
const txt = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
/** The DNS of the test: only the selector's TXT record. */
const resolver = async (name: string, type: string) => {
  if (type === "TXT" && name === "cv2026._domainkey.mail.certavis.test") return [[txt]];
  const error = new Error(`no ${type} record for ${name}`) as Error & { code: string };
  error.code = "ENOTFOUND";
  throw error;
};

describe("DKIM signing by the mailer", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("signs rsa-sha256 relaxed/relaxed over the pinned headers, From on the signing domain in the company's name", async () => {
    const mailer = createSmtpMailer(`${smtp.url}?pool=false`, "Certavis <avis@certavis.fr>", dkim);
    const url = "http://certavis.test/api/v1/public/unsubscribe/?token=abc";
    await mailer.send({
      to: "lea.bernard@exemple.fr",
      subject: "Votre avis sur Lampe Aurore compte pour nous",
      text: "Bonjour Léa,\n\nDonnez votre avis.",
      html: "<p>Bonjour Léa,</p><p>Donnez votre avis.</p>",
      fromName: "Maison Lumière",
      replyTo: "contact@maison-lumiere.fr",
      headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    await mailer.close();
    const mail = await smtp.waitForMail((m) => m.to.includes("lea.bernard@exemple.fr"));
    expect(mail.from).toBe('"Maison Lumière" <avis@mail.certavis.test>');
    expect(mail.headers["reply-to"]).toBe("contact@maison-lumiere.fr");
    const signature = mail.headers["dkim-signature"] ?? "";
    expect(signature).toMatch(/\ba=rsa-sha256;/);
    expect(signature).toMatch(/\bc=relaxed\/relaxed;/);
    // Header names are case-insensitive in DKIM (nodemailer writes them lower-cased).
    expect(signature.replace(/\s+/g, "").toLowerCase()).toContain(
      "h=from:to:subject:date:message-id:list-unsubscribe:list-unsubscribe-post;",
    );

    const result = await dkimVerify(mail.raw, { resolver });
    expect(result.results.map((r) => [r.status.result, r.signingDomain])).toEqual([
      ["pass", "mail.certavis.test"],
    ]);
  });
});
