import type { EnvConfig } from "./env";

/** The server's configuration: the environment (env.ts) with per-app overrides (tests). */
export type AppConfig = EnvConfig;

/** argon2id cost. Production: OWASP (m=19 MiB, t=2, p=1). Tests may pass cheaper ones to buildApp only. */
export interface PasswordHashParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const OWASP_ARGON2ID: PasswordHashParams = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
