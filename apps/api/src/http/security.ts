import type { IncomingMessage, ServerResponse } from "node:http";
import { fr } from "@certavis/i18n-fr/server";
import cors from "@fastify/cors";
import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Redis } from "ioredis";
import type { AppConfig } from "../config";
import { HttpError } from "./errors";

/** Paths that third-party sites may frame (the public widget). */
export function isFramablePath(url: string): boolean {
  return url === "/widget" || url.startsWith("/widget/") || url.startsWith("/widget?");
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The origin browsers read uploaded files from when they live in a bucket (none otherwise). */
function filesOrigin(config: AppConfig): string[] {
  const url = config.s3Bucket ? (config.s3PublicUrl ?? config.s3Endpoint) : null;
  return url ? [originOf(url)] : [];
}

/** The CSP of our pages; `scripts` adds script sources (the hashes of a page's own inline scripts). */
export function contentSecurityPolicy(config: AppConfig, framable: boolean, scripts: string[] = []): string {
  const origins = [...new Set([config.publicUrl, config.formUrl, config.widgetUrl].map(originOf))];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scripts],
    // React and Radix set style attributes; no inline scripts are allowed anywhere.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    // Review videos play from where uploads live: this server, or the bucket's public address.
    "media-src": ["'self'", "blob:", ...filesOrigin(config)],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...origins],
    "frame-src": ["'self'", ...origins],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": framable ? ["*"] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** What helmet would set on every answer for `options`, read once (its headers never depend on the request). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers: helmet's (HSTS, nosniff, Referrer-Policy, ...) plus our own CSP and framing rules,
 * so that `/widget*` can be framed by any site while everything else refuses framing. The two sets are
 * computed once and set in one call per request: the public endpoints answer thousands of requests a
 * second and helmet's middleware chain would redo the same work each time.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const common = helmetHeaders({
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  });
  const framed = { ...common, "content-security-policy": contentSecurityPolicy(config, true) };
  const strict = {
    ...common,
    "content-security-policy": contentSecurityPolicy(config, false),
    "x-frame-options": "DENY",
  };
  // API answers are data, not documents: helmet's headers for a page a browser shows (opener policy,
  // agent cluster, DNS prefetch, download and XSS options) mean nothing there, and the public endpoints
  // answer thousands of requests a second, each header written every time. A policy that allows nothing
  // keeps an answer opened directly inert (an SVG badge, a JSON file). An HTML page under /api/v1/ sets
  // its own policy (html-page.tsx).
  const data: Record<string, string> = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
  };
  for (const name of [
    "x-content-type-options",
    "strict-transport-security",
    "referrer-policy",
    "cross-origin-resource-policy",
  ]) {
    const value = common[name];
    if (value !== undefined) data[name] = value;
  }
  // A callback hook, not an async one: no promise per request.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api/v1/") ? data : isFramablePath(request.url) ? framed : strict);
    done();
  });
}

/** The Vite dev servers of `pnpm dev` (allowed outside production only). */
export const DEV_ORIGINS = ["http://localhost:5173", "http://localhost:5174", "http://localhost:5175"];

/** CORS: the product's own origins (and the Vite dev servers outside production); `/api/v1/public/*` open to all. */
export async function registerCors(app: FastifyInstance, config: AppConfig): Promise<void> {
  const allowed = new Set(
    [
      config.publicUrl,
      config.formUrl,
      config.widgetUrl,
      ...(config.nodeEnv === "production" ? [] : DEV_ORIGINS),
    ].map(originOf),
  );
  await app.register(
    cors,
    () => (request: FastifyRequest, callback: (error: Error | null, options: object) => void) => {
      const open = request.url.startsWith("/api/v1/public/");
      const origin = request.headers.origin;
      callback(null, {
        origin: open ? "*" : origin !== undefined && allowed.has(origin) ? origin : false,
        credentials: false,
        methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
        allowedHeaders: ["Authorization", "Content-Type", "X-Api-Key", "If-None-Match"],
        exposedHeaders: ["ETag", "Retry-After"],
        maxAge: 600,
      });
    },
  );
}

/** Where the per-IP counts live: shared by every instance unless the server is embedded (PGlite). */
export type RateLimitBackend =
  | { kind: "redis"; redis: Redis }
  | { kind: "postgres"; store: FastifyRateLimitStoreCtor }
  | { kind: "memory" };

/** Per-IP limit for sensitive routes: a route opts in with `config: { rateLimit: sensitiveRateLimit(config) }`. */
export async function registerRateLimit(app: FastifyInstance, backend: RateLimitBackend): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(backend.kind === "redis" ? { redis: backend.redis, nameSpace: "certavis-rate-limit:" } : {}),
    ...(backend.kind === "postgres" ? { store: backend.store } : {}),
    // A store that cannot be reached lets requests through (logged) rather than failing sign-ins:
    // the per-account limits (auth_throttles) still hold in the database.
    skipOnError: backend.kind !== "memory",
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        { detail: fr.server.http.throttled },
        { "retry-after": String(Math.ceil(context.ttl / 1000)) },
      ),
  });
}

export function sensitiveRateLimit(config: AppConfig) {
  return { max: config.rateLimitPerIp, timeWindow: 60_000 };
}
