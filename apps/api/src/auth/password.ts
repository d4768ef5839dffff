import { hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id` (a const enum, not importable under verbatimModuleSyntax). */
const ARGON2ID = 2;

import type { PasswordHashParams } from "../config";

export async function hashPassword(password: string, params: PasswordHashParams): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...params });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
