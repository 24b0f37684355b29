// Rules about the shape of src/ that ESLint's selectors cannot express, run by `npm run lint`:
// - a class takes at most MAX_DEPENDENCIES constructor parameters: past that it has more than one reason to change
//   and is split by use case;
// - the app is composed in src/ alone: no file in a context imports the composition root (app.module, app-factory,
//   main), and command-line entry points (anything reading process.argv) live in src/, not inside a feature.
import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const MAX_DEPENDENCIES = 6;
const COMPOSITION_ROOT = new Set(['app.module', 'app-factory', 'main']);

const root = resolve(import.meta.dirname, '..', 'src');

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Classes whose constructor takes more than MAX_DEPENDENCIES parameters, as `file:line Class (n)`. */
function wideConstructors(file, text) {
  const found = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isClassDeclaration(node)) {
      const constructor = node.members.find(ts.isConstructorDeclaration);
      const count = constructor?.parameters.length ?? 0;
      if (count > MAX_DEPENDENCIES) {
        const line = source.getLineAndCharacterOfPosition(constructor.getStart()).line + 1;
        found.push(`${relative(root, file)}:${line} ${node.name?.text ?? '(anonymous)'} takes ${count} dependencies`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Imports of the composition root and reads of process.argv from inside a context folder. */
function compositionLeaks(file, text) {
  if (relative(root, file).split(sep).length < 2) return [];
  const found = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = relative(root, resolve(dirname(file), match[1]));
    if (COMPOSITION_ROOT.has(target))
      found.push(`${relative(root, file)} imports src/${target}: only files in src/ compose the app`);
  }
  // A *.worker.ts is a child process its own feature starts, not a command a user runs.
  if (/\bprocess\.argv\b/.test(text) && !file.endsWith('.worker.ts'))
    found.push(`${relative(root, file)} reads process.argv: command-line entry points live in src/ (see src/cli.ts)`);
  return found;
}

export function violations() {
  return sourceFiles(root).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...wideConstructors(file, text), ...compositionLeaks(file, text)];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = violations();
  for (const line of found) console.error(line);
  if (found.length)
    console.error(
      `\n${found.length} architecture rule(s) broken. At most ${MAX_DEPENDENCIES} constructor dependencies: split the ` +
        'class by use case. Entry points and the app module stay in src/.',
    );
  process.exitCode = found.length ? 1 : 0;
}
