/** Sleeps that `wake()` ends at once (a row became due, a place became free, the worker stops). */
export function wakeableSleep() {
  const wakers = new Set<() => void>();
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakers.add(done);
      });
    },
    wake() {
      for (const w of [...wakers]) w();
    },
  };
}
