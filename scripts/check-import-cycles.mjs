// `npm run lint:cycles` (part of `npm run lint`): fails on an import cycle, with madge.
//   - Files: no file of server/src, client/src or shared/src may reach itself through its imports. Type-only imports
//     (`import type`) are skipped: they are erased at build time, so they make no cycle at run time. Dynamic
//     `import()` counts: a cycle through a lazily loaded page is still one to untangle.
//   - Modules: no folder of server/src/modules may reach itself through its files' imports (a file of cars importing
//     votes while one of votes imports cars is a cycle of modules even when no file reaches itself).
// Test files are left out: nothing imports them, so they close no cycle.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const ROOTS = [
  { dir: 'server/src', tsConfig: 'server/tsconfig.json' },
  { dir: 'client/src', tsConfig: 'client/tsconfig.json' },
  { dir: 'shared/src', tsConfig: 'tsconfig.base.json' },
];

async function graphOf({ dir, tsConfig }) {
  const result = await madge(join(root, dir), {
    baseDir: join(root, dir),
    fileExtensions: ['ts', 'tsx'],
    tsConfig: join(root, tsConfig),
    excludeRegExp: [/\.test\.tsx?$/],
    detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });
  // An import madge could not resolve would hide its edges: only the workspace packages may be skipped.
  const unresolved = result.warnings().skipped.filter((name) => !name.startsWith('@curbside/'));
  if (unresolved.length) throw new Error(`madge could not resolve in ${dir}: ${unresolved.join(', ')}`);
  return { cycles: result.circular(), graph: result.obj() };
}

/** The module imports of server/src/modules that lie on a cycle of modules (both ends in one strongly connected set). */
function moduleCycleImports(graph) {
  const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1];
  const edges = new Map();
  for (const [file, imports] of Object.entries(graph)) {
    const from = moduleOf(file);
    for (const imported of imports) {
      const to = moduleOf(imported);
      if (!from || !to || from === to) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  const component = stronglyConnected(edges);
  const onCycle = [];
  for (const [from, targets] of edges) {
    for (const to of targets) if (component.get(from) === component.get(to)) onCycle.push(`${from} -> ${to}`);
  }
  return onCycle.sort();
}

/** Tarjan's algorithm: each node's strongly connected component, as a number. */
function stronglyConnected(edges) {
  const index = new Map();
  const low = new Map();
  const component = new Map();
  const stack = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (!component.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    for (let member = stack.pop(); ; member = stack.pop()) {
      component.set(member, index.get(node));
      if (member === node) break;
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return component;
}

const problems = [];
for (const target of ROOTS) {
  const { cycles, graph } = await graphOf(target);
  for (const cycle of cycles) problems.push(`import cycle in ${target.dir}: ${[...cycle, cycle[0]].join(' -> ')}`);
  if (target.dir !== 'server/src') continue;
  for (const edge of moduleCycleImports(graph)) problems.push(`a module import on a cycle of modules: ${edge}`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(
    '\nMove what both sides need to a neutral place (a module of its own, db/ or lib/), or import types only.',
  );
  process.exit(1);
}
console.log(`No import cycles in ${ROOTS.map((r) => r.dir).join(', ')}.`);
