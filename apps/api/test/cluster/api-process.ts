import { type ChildProcess, spawn } from "node:child_process";

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  /** Every JSON log line the instance wrote on stdout so far (pino: `msg`, `time`, ...). */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
  alive(): boolean;
  /** Resolves once `GET /api/v1/health/` answers 200; throws past `deadline` (epoch ms). */
  healthy(deadline: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** Starts the built server (`main`: its bundle's main.js) with `env` only, logging JSON lines on stdout. */
export function spawnApi(main: string, name: string, port: number, env: NodeJS.ProcessEnv): ApiProcess {
  const child = spawn(process.execPath, [main], {
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
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
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    base,
    logs,
    exited,
    alive,
    async healthy(deadline) {
      for (;;) {
        try {
          if ((await fetch(`${base}/api/v1/health/`)).ok) return;
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
