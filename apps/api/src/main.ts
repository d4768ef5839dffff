import { EnvError, readEnv } from "./env";

/** `node dist/main.js`: listen, migrate, seed, then print where everything is. */
async function main(): Promise<void> {
  // A wrong variable stops the server before it loads the rest of it (seconds under tsx); buildApp reads
  // the same environment again.
  readEnv();
  const [{ buildApp }, { DEMO_ACCOUNT }] = await Promise.all([import("./app"), import("./seed/demo")]);
  const { app, ctx, prepare } = await buildApp();
  const { config } = ctx;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Readiness first: GET /health/ answers 503 while requests are still served, so the load balancer
    // stops sending; then close: no new connection, requests in flight finish, the mail worker ends
    // its sends (or their short lease lets another instance take them).
    ctx.state.stopping = true;
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 30_000);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  await prepare();
  const lines = [
    "",
    `Certavis est prêt : ${config.publicUrl}`,
    `  base de données : ${ctx.database.kind === "pglite" ? `PGlite (${config.dataDir})` : "PostgreSQL"}`,
    ...(ctx.state.demoSeeded
      ? [`  compte de démonstration : ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`]
      : []),
    ctx.outbox ? `  e-mails envoyés : ${config.publicUrl}/_dev/mailbox` : `  e-mails : SMTP`,
    "",
  ];
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  // A wrong environment variable is the deployer's to fix: its message says all, a stack would bury it.
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
