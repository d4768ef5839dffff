import { describe, expect, it, vi } from "vitest";
import { postHeightToParent } from "../src/lib/post-height";

describe("height messages", () => {
  it("posts {type: 'certavis:resize', height} to the parent window", () => {
    const postMessage = vi.fn();
    const fakeWindow = {
      parent: { postMessage },
      document,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    } as unknown as Window;
    vi.spyOn(document.documentElement, "getBoundingClientRect").mockReturnValue({ height: 612.4 } as DOMRect);
    const stop = postHeightToParent(fakeWindow);
    stop();
    expect(postMessage).toHaveBeenCalledWith({ type: "certavis:resize", height: 613 }, "*");
  });

  it("posts its height again when its parent asks (the loader's widget part started after the first)", () => {
    const postMessage = vi.fn();
    const listeners: ((event: MessageEvent) => void)[] = [];
    const parent = { postMessage };
    const fakeWindow = {
      parent,
      document,
      addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
        if (type === "message") listeners.push(listener);
      },
      removeEventListener: vi.fn(),
    } as unknown as Window;
    vi.spyOn(document.documentElement, "getBoundingClientRect").mockReturnValue({ height: 400 } as DOMRect);
    const stop = postHeightToParent(fakeWindow);
    try {
      expect(postMessage).toHaveBeenCalledTimes(1);
      const ask = (source: unknown, data: unknown) =>
        listeners.forEach((listener) => {
          listener({ source, data } as MessageEvent);
        });
      ask({}, { type: "certavis:height" });
      ask(parent, { type: "other" });
      ask(parent, null);
      expect(postMessage).toHaveBeenCalledTimes(1);
      ask(parent, { type: "certavis:height" });
      expect(postMessage).toHaveBeenCalledTimes(2);
      expect(postMessage).toHaveBeenLastCalledWith({ type: "certavis:resize", height: 400 }, "*");
    } finally {
      stop();
    }
  });

  it("does nothing when not framed", () => {
    const postMessage = vi.spyOn(window, "postMessage");
    postHeightToParent(window)();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
