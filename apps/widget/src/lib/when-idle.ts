/**
 * Runs `task` when the page is idle (at the latest after `timeoutMs`): work that nobody waits for
 * stays out of the frame's first tasks, and so out of the host page's blocking time when the browser
 * keeps our cross-site frame in the host's process.
 */
export function whenIdle(task: () => void, timeoutMs = 3000, win: Window = window): void {
  if (typeof win.requestIdleCallback === "function")
    win.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else win.setTimeout(task, 200);
}
