import { type ChildProcess, spawn } from "node:child_process";
import { freePorts } from "./free-ports";

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Every JSON log line the instance wrote on stdout so far (pino: `msg`, `time`, ...). */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
  alive(): boolean;
  /** It exited because another process held its port (EADDRINUSE). */
  portTaken(): boolean;
  /** Resolves once `GET /api/v1/health/` answers 200; throws past `deadline` (epoch ms). */
  healthy(deadline: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** The origin of a server on `port` of this machine. */
const originOf = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Starts the built server (`main`: its bundle's main.js) with `env` only (in `cwd`, by default this
 * process's), logging JSON lines on stdout.
 */
export function spawnApi(
  main: string,
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  cwd?: string,
): ApiProcess {
  const child = spawn(process.execPath, [main], {
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    ...(cwd ? { cwd } : {}),
  });
  const logs: Record<string, unknown>[] = [];
  let partial = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        process.stderr.write(`[${name}] ${line}\n`);
      }
    }
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(`[${name}] ${chunk}`);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = originOf(port);
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    port,
    base,
    logs,
    exited,
    alive,
    portTaken: () => !alive() && errors.includes("EADDRINUSE"),
    async healthy(deadline) {
      for (;;) {
        try {
          if ((await fetch(`${base}/api/v1/health/`, { signal: AbortSignal.timeout(5_000) })).ok) return;
        } catch {
          // not listening yet
        }
        if (!alive()) throw new Error(`${name} exited (${child.exitCode}) before it was healthy`);
        if (Date.now() > deadline) throw new Error(`${name} not healthy in time`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async kill(signal) {
      if (alive()) child.kill(signal);
      return exited;
    },
  };
}

/**
 * `spawnApi` on a port the system hands out, once healthy. On a busy machine another process (an
 * outgoing connection's ephemeral port) may take that port before the server listens: it is then
 * started again on another one, up to 3 times. `envOf` gets the port and the instance's origin.
 */
export async function startApiOnFreePort(
  main: string,
  name: string,
  envOf: (port: number, base: string) => NodeJS.ProcessEnv,
  options: { deadline: number; cwd?: string },
): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt++) {
    const [port = 0] = await freePorts(1);
    const api = spawnApi(main, name, port, envOf(port, originOf(port)), options.cwd);
    try {
      await api.healthy(options.deadline);
      return api;
    } catch (error) {
      if (!api.portTaken() || attempt === 3) {
        await api.kill("SIGKILL");
        throw error;
      }
    }
  }
}
