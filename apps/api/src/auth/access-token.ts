import { jwtVerify, SignJWT } from "jose";
import type { KeyRing } from "../lib/keyring";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "certavis";
const AUDIENCE = "certavis-api";

/** Access JWT (HS256, 15 min): `sub` = user id; `kid` names the root key (any instance verifies it). */
export async function signAccessToken(
  key: Uint8Array,
  userId: string,
  now: Date,
  kid?: string,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: "access" })
    .setProtectedHeader(kid ? { alg: "HS256", kid } : { alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** Signs with the current key of the ring. */
export function signAccessTokenWith(keys: KeyRing, userId: string, now: Date): Promise<string> {
  return signAccessToken(keys.currentKey("access-token"), userId, now, keys.current.kid);
}

/** The user id of a valid access token (signed with any key of the ring), or null. */
export async function verifyAccessToken(keys: KeyRing, token: string, now: Date): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(
      token,
      (header) => {
        const key = keys.key("access-token", header.kid ?? keys.current.kid);
        if (!key) throw new Error("unknown key id");
        return key;
      },
      { algorithms: ["HS256"], issuer: ISSUER, audience: AUDIENCE, currentDate: now },
    );
    return payload.typ === "access" && typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}
