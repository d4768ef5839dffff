import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "../..");
const SCRIPT = join(API_DIR, "test/pipeline/worker-process.ts");

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything the process wrote (for failure messages). */
  output(): string;
  /** Resolves once the worker polls. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** Starts `worker-process.ts` in a new Node process (tsx), with `env` on top of the current one. */
export function spawnWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT], {
    cwd: API_DIR,
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
