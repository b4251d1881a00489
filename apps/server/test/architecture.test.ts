import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, read from the source (docs/decisions/028-admin-modules-and-action-layer.md): every import line
 * of src/ is resolved to the file it names, and the files are grouped by module (the first folder under
 * src/modules/). ESLint's `import/no-cycle` sees file cycles; this test sees the module graph, where a cycle hides
 * behind files that do not import each other (a -> b's service, b's other file -> a). `src/http` sits below the
 * modules and `src/actions` (the registry and the endpoint) above them.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Each file's relative imports, resolved to paths under src/ (`modules/auth/auth.service.ts`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      path
        .relative(SRC, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/'),
    );
}

/** `modules/<name>/...` -> `<name>`; anything else (a layer folder or src's own files) -> null. */
function moduleOf(relative: string): string | null {
  const parts = relative.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? (parts[1] ?? null) : null;
}

const files = sourceFiles(SRC).map((file) => ({
  path: path.relative(SRC, file).split(path.sep).join('/'),
  imports: importsOf(file),
}));

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = moduleOf(file.path);
    if (!from) continue;
    for (const target of file.imports) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Strongly connected components of more than one module (Tarjan): each is a set of modules importing each other. */
function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Every edge of the modules in one cycle, so a failure names the files to change. */
function edgesWithin(cycle: string[]): string[] {
  return files.flatMap((file) => {
    const from = moduleOf(file.path);
    if (!from || !cycle.includes(from)) return [];
    return file.imports
      .filter((target) => {
        const to = moduleOf(target);
        return to !== null && to !== from && cycle.includes(to);
      })
      .map((target) => `${file.path} -> ${target}`);
  });
}

describe('server architecture', () => {
  it('reads the import graph it checks (a real edge is found, and many of them)', () => {
    const graph = moduleGraph();
    expect(graph.get('admin-money')?.has('approvals')).toBe(true);
    expect([...graph.values()].reduce((sum, targets) => sum + targets.size, 0)).toBeGreaterThan(50);
  });

  it('has no cycle between modules', () => {
    const cycles = moduleCycles(moduleGraph());
    expect(cycles.map((cycle) => ({ modules: cycle, imports: edgesWithin(cycle) }))).toEqual([]);
  });

  it('keeps modules below the action registry: nothing in modules/ imports actions/', () => {
    const upward = files
      .filter((file) => file.path.startsWith('modules/'))
      .flatMap((file) =>
        file.imports.filter((target) => target.startsWith('actions/')).map((target) => `${file.path} -> ${target}`),
      );
    expect(upward).toEqual([]);
  });

  it('keeps the action layer (src/http) below the modules and the registry', () => {
    const upward = files
      .filter((file) => file.path.startsWith('http/'))
      .flatMap((file) =>
        file.imports
          .filter((target) => target.startsWith('modules/') || target.startsWith('actions/'))
          .map((target) => `${file.path} -> ${target}`),
      );
    expect(upward).toEqual([]);
  });
});
