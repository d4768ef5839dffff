import { act, renderHook } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { useCountdown } from "./use-countdown";

afterEach(() => {
  vi.restoreAllMocks();
});

it("a countdown of 60 s starts at 60 even when the clock moves between two readings", () => {
  let clock = 1_000_000;
  // Every reading a millisecond later than the one before.
  vi.spyOn(Date, "now").mockImplementation(() => clock++);
  const { result } = renderHook(() => useCountdown());
  expect(result.current.left).toBe(0);
  act(() => result.current.start(60));
  expect(result.current.left).toBe(60);
});
