import jsQR from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base32Decode, hotp, matchTotp, otpauthUri, totpCode } from "../../src/auth/totp";
import { runOperatorRequest } from "../../src/modules/operators/operator-accounts";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  type TestApp,
  type TestUser,
} from "../helpers";
import { api, movableClock } from "../identity/support";

describe("TOTP (RFC 6238)", () => {
  it("gives the RFC's SHA-1 test vectors (last 6 digits of the 8-digit values)", () => {
    const key = Buffer.from("12345678901234567890");
    // RFC 6238 appendix B: T = 59 s → 94287082, 1111111109 → 07081804, 20000000000 → 65353130
    expect(hotp(key, Math.floor(59 / 30), 8)).toBe("94287082");
    expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe("07081804");
    expect(hotp(key, Math.floor(20000000000 / 30), 8)).toBe("65353130");
    expect(hotp(key, Math.floor(59 / 30))).toBe("287082");
  });

  it("accepts one step of drift, never a step already used", () => {
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"; // base32 of "12345678901234567890"
    expect(base32Decode(secret).toString()).toBe("12345678901234567890");
    const now = new Date(1_800_000_000_000);
    const step = Math.floor(now.getTime() / 30_000);
    expect(matchTotp(secret, totpCode(secret, now), now, null)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 90_000)), now, null)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(otpauthUri(secret, "op@certavis.test")).toBe(
      "otpauth://totp/Certavis%3Aop%40certavis.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Certavis&algorithm=SHA1&digits=6&period=30",
    );
  });
});

describe("an operator's sign-in requires a second factor", () => {
  let t: TestApp;
  const clock = movableClock();
  let operator: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    operator = await registerVerifiedUser(t, { firstName: "Odile" });
    const added = await runOperatorRequest(
      t.ctx.db,
      { command: "add", email: operator.email.toUpperCase() },
      clock.now(),
    );
    expect(added).toEqual({
      ok: true,
      message: `${operator.email} est maintenant opérateur. À sa prochaine connexion, il enregistre son second facteur (application d'authentification).`,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (user: TestUser) =>
    t.inject({
      method: "POST",
      url: api("/auth/login/"),
      payload: { email: user.email, password: user.password },
    });
  const second = (challenge: string, code: string) =>
    t.inject({ method: "POST", url: api("/auth/login/second-factor/"), payload: { challenge, code } });

  it("enrols on the first sign-in, then asks a fresh code at each sign-in", async () => {
    const first = await login(operator);
    expect(first.statusCode).toBe(200);
    const challenge = expectMatchesContract(first, "authLogin") as {
      second_factor: string;
      challenge: string;
      enrolment: { secret: string; otpauth_uri: string; qr_code_svg: string } | null;
    };
    expect(challenge).not.toHaveProperty("access");
    expect(challenge.second_factor).toBe("totp");
    const secret = challenge.enrolment?.secret ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(challenge.enrolment?.otpauth_uri).toBe(otpauthUri(secret, operator.email));
    // The QR code an app scans says exactly the otpauth link (read by another library than the one drawing it).
    expect(readQrSvg(challenge.enrolment?.qr_code_svg ?? "")).toBe(otpauthUri(secret, operator.email));

    // Signing in again before confirming gives the same secret (the app already scanned stays right).
    const again = (await login(operator)).json();
    expect(again.enrolment.secret).toBe(secret);

    const wrong = await second(
      challenge.challenge,
      "000000" === totpCode(secret, clock.now()) ? "111111" : "000000",
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: ["Code invalide ou expiré. Saisissez le code à 6 chiffres affiché par votre application."],
    });

    const code = totpCode(secret, clock.now());
    const ok = await second(challenge.challenge, code);
    expect(ok.statusCode).toBe(200);
    const tokens = expectMatchesContract(ok, "authLoginSecondFactor") as { access: string };
    const me = await t.inject({ method: "GET", url: api("/users/me/"), headers: authHeaders(tokens.access) });
    expect(me.json().email).toBe(operator.email);

    // Enrolled: no secret any more; the same code is never accepted twice.
    const next = (await login(operator)).json();
    expect(next.enrolment).toBeNull();
    const replay = await second(next.challenge, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toHaveLength(1);
    clock.advance(30_000);
    const later = await second(next.challenge, totpCode(secret, clock.now()));
    expect(later.statusCode).toBe(200);
  });

  it("refuses an expired or forged challenge", async () => {
    const { challenge } = (await login(operator)).json();
    clock.advance(5 * 60_000 + 1000);
    const expired = await second(challenge, "123456");
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      non_field_errors: [
        "Votre connexion a expiré. Saisissez de nouveau votre e-mail et votre mot de passe.",
      ],
    });
    expect((await second(`${challenge}x`, "123456")).statusCode).toBe(400);
  });

  it("locks after 5 wrong codes for 15 minutes", async () => {
    const { challenge } = (await login(operator)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await second(challenge, "12345x")).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    const locked = await second(challenge, "000001");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe("Trop de codes erronés. Veuillez réessayer dans 15 minutes.");
  });

  it("lets anyone else sign in with the password alone", async () => {
    const user = await registerVerifiedUser(t);
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(["access", "refresh"]);
  });

  it("never makes a company's member an operator; removes and lists", async () => {
    const owner = await registerVerifiedUser(t);
    await createCompanyFor(t, owner);
    expect(await runOperatorRequest(t.ctx.db, { command: "add", email: owner.email }, clock.now())).toEqual({
      ok: false,
      message: `${owner.email} est membre d'une entreprise : un opérateur Certavis n'appartient à aucune entreprise. Il la quitte d'abord.`,
    });
    expect(
      (await runOperatorRequest(t.ctx.db, { command: "add", email: "pas-une-adresse" }, clock.now())).ok,
    ).toBe(false);
    expect(
      await runOperatorRequest(t.ctx.db, { command: "add", email: "personne@exemple.test" }, clock.now()),
    ).toEqual({
      ok: false,
      message:
        "Aucun compte Certavis n'a l'adresse personne@exemple.test : la personne crée d'abord son compte (page d'inscription), puis relancez la commande.",
    });
    const listed = await runOperatorRequest(t.ctx.db, { command: "list" }, clock.now());
    expect(listed.message).toMatch(
      new RegExp(`^${operator.email}\\tOdile Durand\\topérateur depuis le .+\\tsecond facteur enregistré$`),
    );
    const removed = await runOperatorRequest(
      t.ctx.db,
      { command: "remove", email: operator.email },
      clock.now(),
    );
    expect(removed).toEqual({ ok: true, message: `${operator.email} n'est plus opérateur.` });
    expect((await login(operator)).json()).toHaveProperty("access");
    expect((await runOperatorRequest(t.ctx.db, { command: "list" }, clock.now())).message).toBe(
      "Aucun opérateur.",
    );
  });
});

/**
 * Reads a QR code drawn as an SVG path of dark modules (`M x y.5` / `m dx dy` moves and `h n` runs,
 * one unit per module) as a phone would: painted into pixels, then decoded by jsQR.
 */
function readQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !path) return null;
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?/g)) {
    if (op === "M") [x, y] = [Number(a), Number(b)];
    else if (op === "m") [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i++) dark.add(`${x + i},${Math.floor(y)}`);
      x += Number(a);
    }
  }
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4);
  for (let py = 0; py < width; py++)
    for (let px = 0; px < width; px++) {
      const value = dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`) ? 0 : 255;
      pixels.set([value, value, value, 255], (py * width + px) * 4);
    }
  return jsQR(pixels, width, width)?.data ?? null;
}
