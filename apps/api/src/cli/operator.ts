import { connect } from "node:net";
import { fr } from "@certavis/i18n-fr/server";
import { openDatabase } from "../db/client";
import { EnvError, readEnv } from "../env";
import {
  type OperatorAnswer,
  type OperatorRequest,
  runOperatorRequest,
} from "../modules/operators/operator-accounts";
import { operatorSocketPath } from "../modules/operators/operator-channel";

/**
 * `pnpm --filter @certavis/api operator add|remove|list [e-mail]`, with the server's DATA_DIR or
 * DATABASE_URL. On PostgreSQL it connects to the database (the server may be running or not). On the
 * embedded database it asks the running server through the socket `DATA_DIR/operator.sock`; when no
 * server answers there, it opens the data folder itself.
 */
async function main(args: string[]): Promise<number> {
  const request = requestOf(args);
  if (!request) {
    console.error(fr.server.operators.usage);
    return 2;
  }
  const config = readEnv();
  let answer: OperatorAnswer;
  if (config.databaseUrl) {
    answer = await onDatabase(request, config.databaseUrl, null);
  } else {
    const dataDir = config.dataDir;
    answer =
      (await askServer(operatorSocketPath(dataDir), request)) ?? (await onDatabase(request, null, dataDir));
  }
  (answer.ok ? console.log : console.error)(answer.message);
  return answer.ok ? 0 : 1;
}

function requestOf(args: string[]): OperatorRequest | null {
  const [command, email, ...rest] = args;
  if (rest.length > 0) return null;
  if (command === "list" && email === undefined) return { command };
  if ((command === "add" || command === "remove") && email) return { command, email };
  return null;
}

/** The running server's answer, or null when none listens on `path` (no socket, or a stale one). */
function askServer(path: string, request: OperatorRequest): Promise<OperatorAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let data = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: string) => {
      data += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(data) as OperatorAnswer);
      } catch {
        reject(new Error(fr.server.operators.channelFailed(data || "—")));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(new Error(fr.server.operators.channelFailed(error.message)));
    });
  });
}

async function onDatabase(
  request: OperatorRequest,
  databaseUrl: string | null,
  dataDir: string | null,
): Promise<OperatorAnswer> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    // The embedded folder may predate the operators' table: bring it up to date as the server would.
    if (database.kind === "pglite") await database.migrate();
    return await runOperatorRequest(database.db, request, new Date());
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
