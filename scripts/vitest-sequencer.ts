import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import durations from "./test-durations.json" with { type: "json" };

const EXPECTED_SECONDS: Record<string, number> = durations;

/**
 * Vitest's order (projects one after the other, each project's longest files first), with the files'
 * durations of a past run where Vitest has none: on a fresh clone (CI) it knows none and runs the largest
 * files first, which started the suites that wait on child processes and leases (small files, 30–40 s
 * each) late, and the run ended on them (measured, `pnpm test` on 2 cores: 333 s without the durations,
 * 285 s with them). `node scripts/write-test-durations.mjs` refreshes them; a file they lack runs after
 * those they have, as one under a second.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(root, spec.moduleId)}`;
    const state = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(key(spec));
    const seconds = (spec: TestSpecification) => {
      const known = state(spec)?.duration;
      return known === undefined ? (EXPECTED_SECONDS[key(spec)] ?? 0) : known / 1000;
    };
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const failed = Number(state(b)?.failed ?? false) - Number(state(a)?.failed ?? false);
      if (failed !== 0) return failed;
      return seconds(b) - seconds(a);
    });
  }
}
