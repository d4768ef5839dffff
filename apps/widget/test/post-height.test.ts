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

  it("does nothing when not framed", () => {
    const postMessage = vi.spyOn(window, "postMessage");
    postHeightToParent(window)();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
