import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { fr } from "@certavis/i18n-fr/server";
import type { AppContext } from "../../context";
import { type OperatorAnswer, parseOperatorRequest, runOperatorRequest } from "./operator-accounts";

/**
 * The operators' command talks to a running server over this unix socket in `DATA_DIR`: PGlite holds
 * its data folder alone, so while the server runs the command cannot open the database itself. Only
 * the user running the server may connect (mode 0600): whoever can, can read the data folder anyway.
 */
export function operatorSocketPath(dataDir: string): string {
  return join(dataDir, "operator.sock");
}

/** One JSON request per line, one JSON answer per line (`OperatorAnswer`). Longer lines are refused. */
const MAX_REQUEST_BYTES = 4096;

/** Listens on `path` (a stale socket file left by a crash is replaced); `close()` stops and removes it. */
export async function openOperatorChannel(
  ctx: AppContext,
  path: string,
): Promise<{ close(): Promise<void> }> {
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => serve(ctx, socket));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
      }),
  };
}

function serve(ctx: AppContext, socket: Socket): void {
  let buffer = "";
  socket.setEncoding("utf8");
  socket.setTimeout(10_000, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    const end = buffer.indexOf("\n");
    if (end < 0) {
      if (buffer.length > MAX_REQUEST_BYTES)
        reply(socket, { ok: false, message: fr.server.operators.badRequest });
      return;
    }
    socket.pause();
    void answer(ctx, buffer.slice(0, end)).then((result) => reply(socket, result));
  });
}

async function answer(ctx: AppContext, line: string): Promise<OperatorAnswer> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = null;
  }
  const request = parseOperatorRequest(parsed);
  if (!request) return { ok: false, message: fr.server.operators.badRequest };
  if (!ctx.state.ready) return { ok: false, message: fr.server.operators.serverStarting };
  try {
    return await runOperatorRequest(ctx.db, request, ctx.now());
  } catch (error) {
    return { ok: false, message: fr.server.operators.channelFailed(String(error)) };
  }
}

function reply(socket: Socket, result: OperatorAnswer): void {
  socket.end(`${JSON.stringify(result)}\n`);
}
