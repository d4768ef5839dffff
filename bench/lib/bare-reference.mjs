// Starts bench/lib/bare-server.mjs on `port` with the answers the real server gave for `urls`
// (read from `base`), so that both serve the same bytes with the same content type.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export async function startBareReference({ base, urls, port }) {
  const answers = [];
  for (const url of urls) {
    const res = await fetch(base + url);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    answers.push({ url, contentType: res.headers.get("content-type"), body: await res.text() });
  }
  const dir = mkdtempSync(join(tmpdir(), "certavis-bare-"));
  const file = join(dir, "answers.json");
  writeFileSync(file, JSON.stringify(answers));
  const child = fork(fileURLToPath(new URL("./bare-server.mjs", import.meta.url)), [String(port), file], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`bare reference exited (${code})`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    answers,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
