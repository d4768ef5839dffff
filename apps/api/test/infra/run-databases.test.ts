import { describe, expect, it } from "vitest";
import { databasesToDrop, newRunId } from "../helpers/run-databases";

const HOUR = 60 * 60 * 1000;

describe("the test databases a run drops at its end", () => {
  it("its own with FORCE, crashed runs' and the earlier scheme's without; another run's recent ones stay", () => {
    const now = Date.now();
    const ending = newRunId(now - HOUR);
    const other = newRunId(now - 5 * HOUR);
    const crashed = newRunId(now - 7 * HOUR);
    const name = (run: string, n: string) => `certavis_test_${run}_${n.repeat(12)}`;
    const drops = databasesToDrop(
      [
        name(ending, "a"),
        name(ending, "b"),
        name(other, "c"),
        name(crashed, "d"),
        `certavis_test_${"e".repeat(12)}`,
        "certavis_template_58ab17cc70d89414",
        "test",
      ],
      ending,
      now,
    );
    expect(drops).toEqual([
      { name: name(ending, "a"), force: true },
      { name: name(ending, "b"), force: true },
      { name: name(crashed, "d"), force: false },
      { name: `certavis_test_${"e".repeat(12)}`, force: false },
    ]);
  });
});
