// Fails when modules depend on each other in a circle: the folders of apps/api/src/modules (server) and
// of apps/backoffice/src/features (back-office) are the nodes, a relative import from a file of one
// folder into another folder is an edge. Biome's noImportCycles sees files only; two features may form a
// circle through different files. Run by `pnpm lint`; prints each circle and exits 1 when there is one.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const GROUPS = [
  ["server", "apps/api/src/modules"],
  ["back-office", "apps/backoffice/src/features"],
];
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Each folder's folders it imports from. */
function moduleEdges(base) {
  const modules = readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const edges = new Map(modules.map((name) => [name, new Set()]));
  for (const from of modules) {
    for (const file of sourceFiles(join(base, from))) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2];
        if (!specifier?.startsWith(".")) continue;
        const target = relative(base, resolve(dirname(file), specifier)).split(sep)[0];
        if (target && target !== from && edges.has(target)) edges.get(from).add(target);
      }
    }
  }
  return edges;
}

/** The strongly connected groups of more than one node (Tarjan). */
function circles(edges) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

let count = 0;
for (const [label, folder] of GROUPS) {
  for (const group of circles(moduleEdges(join(root, folder)))) {
    console.error(`${label}: ${group.join(" <-> ")} import each other (move the shared part down)`);
    count += 1;
  }
}
if (count > 0) process.exit(1);
