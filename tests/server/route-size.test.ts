/**
 * Every route-registration function of src/server (a function declaration,
 * or a const arrow or function expression, whose name starts with
 * `register`) stays at most 80 lines long, first to last line: a handler
 * validates, calls an operation and shapes the answer, so a longer one holds
 * logic that belongs in the domain's `operations/` or `*-repo.ts`, or routes
 * of more than one register function.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 80;
const root = fileURLToPath(new URL('../..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface RegisterFunction {
  name: string;
  at: string;
  lines: number;
}

/** The name and node of a function declaration, or of a const whose initializer is an arrow or function expression. */
function namedFunction(node: ts.Node): { name: string; node: ts.Node } | undefined {
  if (ts.isFunctionDeclaration(node) && node.name) return { name: node.name.text, node };
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
    const init = node.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { name: node.name.text, node: init };
  }
  return undefined;
}

function registerFunctionsOf(file: string): RegisterFunction[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: RegisterFunction[] = [];
  const visit = (node: ts.Node): void => {
    const fn = namedFunction(node);
    if (fn?.name.startsWith('register')) {
      const first = source.getLineAndCharacterOfPosition(fn.node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.node.getEnd()).line;
      found.push({ name: fn.name, at: `${relative(root, file)}:${first + 1}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('route-registration functions', () => {
  const all = files(join(root, 'src/server')).flatMap(registerFunctionsOf);

  it('finds the route modules', () => {
    expect(all.map((fn) => fn.name)).toEqual(expect.arrayContaining(['registerPolicyRoutes', 'registerProfileRoutes', 'registerRouteModules']));
  });

  it(`keeps every one at most ${MAX_LINES} lines long`, () => {
    const long = all.filter((fn) => fn.lines > MAX_LINES).map((fn) => `${fn.name} (${fn.at}): ${fn.lines} lines`);
    expect(long).toEqual([]);
  });
});
