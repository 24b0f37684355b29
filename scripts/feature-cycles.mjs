// Finds import cycles between the feature folders of src/ (src/<feature>/…): every relative import from one
// folder into another is an edge; a strongly connected group of two or more folders is a cycle.
// Files directly in src/ (main.ts, app.module.ts, …) compose the app and are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..', 'src');

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const featureOf = (file) => {
  const parts = relative(root, file).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
};

/** feature → (feature → example "from → to" file pair) */
export function featureEdges() {
  const edges = new Map();
  for (const file of sourceFiles(root)) {
    const from = featureOf(file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    // `import type` is erased at compile time but still couples the folders: counted too.
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), match[1]);
      const to = featureOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${relative(root, file)} → ${match[1]}`);
    }
  }
  return edges;
}

/** Tarjan's strongly connected components with more than one folder. */
export function cycles(edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const groups = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return groups;
}

/** Edges inside a cycle group, as `from → to`. */
function cycleEdges(edges, groups) {
  return groups.flatMap((group) => {
    const members = new Set(group);
    return group.flatMap((from) =>
      [...(edges.get(from)?.keys() ?? [])].filter((to) => members.has(to)).map((to) => `${from} → ${to}`),
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--check')) {
  // Lint step: no cycle between feature folders at all.
  const edges = featureEdges();
  const found = cycleEdges(edges, cycles(edges));
  for (const edge of found) {
    const [from, to] = edge.split(' → ');
    console.error(`Import cycle between feature folders: ${edge} (${edges.get(from).get(to)})`);
  }
  if (found.length)
    console.error('Features depend downward: move the shared piece to src/common/ or src/database/, or use an event.');
  process.exitCode = found.length ? 1 : 0;
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const edges = featureEdges();
  const groups = cycles(edges);
  const folders = new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets.keys()])]);
  console.log(`${folders.size} feature folders, ${groups.length} cycle group(s)`);
  for (const group of groups) {
    console.log(`\n${group.length} folders: ${group.join(', ')}`);
    const members = new Set(group);
    for (const from of group)
      for (const [to, example] of edges.get(from) ?? [])
        if (members.has(to)) console.log(`  ${from} → ${to}   (${example})`);
  }
  process.exitCode = groups.length > 0 ? 1 : 0;
}
