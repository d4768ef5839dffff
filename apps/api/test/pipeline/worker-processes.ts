import { type ChildProcess, spawn } from "node:child_process";
import { bundleEntries } from "../helpers/bundled";

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything the process wrote (for failure messages). */
  output(): string;
  /** Resolves once the worker polls. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * `worker-process.ts` bundled as the build bundles the server (with PGlite's worker thread beside it):
 * a process starts from it in a fraction of a second, where tsx took seconds to load its graph.
 */
export function bundleWorkerProcess(): ReturnType<typeof bundleEntries> {
  return bundleEntries({
    "worker-process": "test/pipeline/worker-process.ts",
    "pglite-worker": "src/db/pglite-worker.ts",
  });
}

/** Starts the bundled `worker-process.ts` (`script`) in a new Node process, `env` on top of the current one. */
export function spawnWorkerProcess(script: string, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("ready")) resolve();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`worker exited (${code}) before ready:\n${text}`)));
  });
  return {
    child,
    output: () => text,
    ready,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
