// Finds import cycles at both levels of src/: between contexts (src/<context>/) and between the feature folders
// inside them (src/<context>/<feature>/). Every relative import from one folder into another is an edge; a strongly
// connected group of two or more folders is a cycle.
// Files directly in src/ (main.ts, app.module.ts, …) compose the app and are left out at both levels; a file directly
// in src/<context>/ composes that context's features: it counts for the context, not for any feature.
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

/** The folder of a file at `depth` (1: context, 2: feature), or undefined when the file sits above that level. */
const folderOf = (file, depth) => {
  const parts = relative(root, file).split(sep);
  return parts.length > depth ? parts.slice(0, depth).join('/') : undefined;
};

/** folder → (folder → example "from → to" file pair), at `depth` (1: contexts, 2: features). */
export function folderEdges(depth = 2) {
  const edges = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(file, depth);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    // `import type` is erased at compile time but still couples the folders: counted too.
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = folderOf(resolve(dirname(file), match[1]), depth);
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

/** The longest chain of folders, each importing the next (only meaningful without cycles). */
export function longestChain(edges) {
  const memo = new Map();
  const walk = (node) => {
    if (memo.has(node)) return memo.get(node);
    memo.set(node, [node]);
    let best = [node];
    for (const next of edges.get(node)?.keys() ?? []) {
      const chain = [node, ...walk(next)];
      if (chain.length > best.length) best = chain;
    }
    memo.set(node, best);
    return best;
  };
  return [...edges.keys()].map(walk).reduce((a, b) => (b.length > a.length ? b : a), []);
}

/**
 * The contexts and the ones each stands on directly (the picture in docs/architecture.md). A context may import
 * from these and from whatever they stand on; contexts side by side (metadata and files, delivery and
 * notifications) stay apart.
 */
export const CONTEXTS = {
  platform: [],
  library: ['platform'],
  integrations: ['library'],
  acquisition: ['integrations'],
  files: ['acquisition'],
  metadata: ['library'],
  notifications: ['files', 'metadata'],
  delivery: ['files', 'metadata'],
  migration: ['notifications'],
};

/** Every context `context` may import from: the ones below it in CONTEXTS, transitively. */
export function contextsBelow(context) {
  const below = new Set();
  const visit = (name) => {
    for (const next of CONTEXTS[name] ?? []) if (!below.has(next)) below.add(next) && visit(next);
  };
  visit(context);
  return below;
}

/** Context folders missing from CONTEXTS, and context imports that go up or sideways. */
export function layerViolations() {
  const folders = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());
  const unknown = folders
    .filter((name) => !(name in CONTEXTS))
    .map((name) => `src/${name}/ is not a known context: place it in CONTEXTS (scripts/feature-cycles.mjs)`);
  const upward = [...folderEdges(1)].flatMap(([from, targets]) =>
    [...targets]
      .filter(([to]) => from in CONTEXTS && !contextsBelow(from).has(to))
      .map(([to, example]) => `${from} may not import ${to}, which is not below it (${example})`),
  );
  return [...unknown, ...upward];
}

const LEVELS = [
  { depth: 1, name: 'contexts' },
  { depth: 2, name: 'feature folders' },
];

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--check')) {
  // Lint step: no cycle at either level.
  let failed = false;
  for (const { depth, name } of LEVELS) {
    const edges = folderEdges(depth);
    for (const edge of cycleEdges(edges, cycles(edges))) {
      const [from, to] = edge.split(' → ');
      console.error(`Import cycle between ${name}: ${edge} (${edges.get(from).get(to)})`);
      failed = true;
    }
  }
  for (const violation of layerViolations()) {
    console.error(violation);
    failed = true;
  }
  if (failed)
    console.error(
      'Folders depend downward: move the shared piece to a lower folder (src/platform/common, the feature that owns it), ' +
        'or use a domain event.',
    );
  process.exitCode = failed ? 1 : 0;
} else if (import.meta.url === `file://${process.argv[1]}`) {
  let found = 0;
  for (const { depth, name } of LEVELS) {
    const edges = folderEdges(depth);
    const groups = cycles(edges);
    found += groups.length;
    const folders = new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets.keys()])]);
    console.log(`${folders.size} ${name}, ${groups.length} cycle group(s)`);
    if (groups.length === 0) console.log(`  longest chain: ${longestChain(edges).join(' → ')}`);
    for (const group of groups) {
      console.log(`\n${group.length} folders: ${group.join(', ')}`);
      const members = new Set(group);
      for (const from of group)
        for (const [to, example] of edges.get(from) ?? [])
          if (members.has(to)) console.log(`  ${from} → ${to}   (${example})`);
    }
  }
  process.exitCode = found > 0 ? 1 : 0;
}
