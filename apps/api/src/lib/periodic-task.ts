import type { FastifyInstance } from "fastify";

/**
 * Runs `task` every `everyMs` once the server is ready and its database migrated, never two runs at
 * once, until the server closes. A failed run is logged and the next one tries again.
 */
export function registerPeriodicTask(
  app: FastifyInstance,
  options: { name: string; everyMs: number; task: () => Promise<unknown>; enabled?: () => boolean },
): void {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const tick = async () => {
    if (running || !app.ctx.state.ready) return;
    running = true;
    try {
      await options.task();
    } catch (error) {
      app.log.warn({ err: error }, `${options.name} failed`);
    } finally {
      running = false;
    }
  };
  app.addHook("onReady", async () => {
    if (options.enabled && !options.enabled()) return;
    timer = setInterval(() => void tick(), options.everyMs);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer);
  });
}
