import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { setApiBaseUrl } from "../src/lib/api-client";
import { dismissToast, toastStore } from "../src/lib/toast/toast-store";
import { apiBaseUrl } from "./support/test-api";

// Every component test talks to the real API started by support/api-global-setup.ts.
setApiBaseUrl(apiBaseUrl);
// Lazy routes and a real server on a busy shared machine (2 cores, every project at once): wait longer
// than the 1 s default, up to the test timeout's share (a first route's load was seen at 6-7 s under load).
configure({ asyncUtilTimeout: 12_000 });

// What Radix needs from a browser and jsdom lacks.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  for (const toast of toastStore.getSnapshot()) dismissToast(toast.id);
  localStorage.clear();
  document.cookie = "sidebar_state=; max-age=0; path=/";
});
