import { expect } from "vitest";
import type { ReceivedMail, TestApp } from "../helpers";
import { expectMatchesContract } from "../helpers";

export const api = (path: string) => `/api/v1${path}`;

/** A clock the tests move forward (`clock.advance(ms)`), given to buildApp as `now`. */
export function movableClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** The 6-character code of a verification mail (subject, text and the mail's link must agree). */
export function codeOf(mail: ReceivedMail): string {
  const match = /code de vérification est : ([0-9A-F]{6})/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  const code = match?.[1] ?? "";
  expect(mail.links).toContain(`http://certavis.test/verify-email?code=${code}`);
  return code;
}

/** The `token` of the mail's link to `path` (e.g. `/reset-password`). */
export function linkToken(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((l) => l.startsWith(`http://certavis.test${path}?`));
  expect(link, `no ${path} link in: ${mail.links.join(", ")}`).toBeDefined();
  const token = new URL(link ?? "http://x").searchParams.get("token") ?? "";
  expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
  return token;
}

export async function registerByHttp(
  t: TestApp,
  input: { email: string; password?: string; first_name?: string; last_name?: string },
) {
  const res = await t.inject({
    method: "POST",
    url: api("/auth/register/"),
    payload: { password: "motdepasse-solide", first_name: "Claire", last_name: "Martin", ...input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return expectMatchesContract<{ access: string; refresh: string }>(res, "authRegister");
}

export async function loginByHttp(t: TestApp, email: string, password: string) {
  return t.inject({ method: "POST", url: api("/auth/login/"), payload: { email, password } });
}
