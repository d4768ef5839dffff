import type { FastifyInstance } from "fastify";
import { openOperatorChannel, operatorSocketPath } from "./operator-channel";

/**
 * On the embedded database with a data folder, the operators' command reaches the running server
 * through a unix socket in it (operator-channel.ts). On PostgreSQL the command connects to the database.
 */
export async function registerOperatorsPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const dataDir = ctx.config.dataDir;
  if (ctx.database.kind !== "pglite" || !dataDir || dataDir === "memory://") return;
  let channel: { close(): Promise<void> } | null = null;
  app.addHook("onReady", async () => {
    channel = await openOperatorChannel(ctx, operatorSocketPath(dataDir));
  });
  app.addHook("onClose", async () => {
    await channel?.close();
  });
}
