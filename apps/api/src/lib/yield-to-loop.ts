/** Lets other requests (and the `/health/` probe) run between two pieces of a long task. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
