/**
 * Vite plugin: in the web bundle a call declaration keeps only what the
 * client reads — its method and path. The schemas of params, query, body
 * and data serve the server (validation, serialisation, OpenAPI) and the
 * type checker (which reads the source, not this output); stripped here,
 * the schema constants become unused and the bundler drops them, so a
 * screen does not download the JSON Schema of every call its domain has.
 *
 * Every other call of a contract module (a TypeBox builder, a local helper
 * composing schemas, `Object.keys(schema.properties)`) is marked
 * `/*#__PURE__*\/`: contract modules compute values and do nothing else, so
 * a schema nobody reads drops out with everything it was built from, across
 * modules too. No schema is left for the web, hence no TypeBox:
 * scripts/size-budget.ts fails the build when TypeBox's `Kind` symbol is
 * found in a web chunk (the web then reads a schema at run time: give it a
 * plain constant instead).
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

const CONTRACT = /[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/;
/** The properties of a declaration the web client reads (src/web/shared/api/client.ts). */
const KEPT = new Set(['method', 'path']);

export function stripDeclarationsForWeb(code: string, fileName = 'contract.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const annotated = new Set<number>();
  /** Marks a call side-effect-free (once per position: `f(a)(b)` starts where `f(a)` does). */
  const pure = (node: ts.Node): void => {
    const start = node.getStart(source);
    if (annotated.has(start)) return;
    annotated.add(start);
    edits.push({ start, end: start, text: '/*#__PURE__*/ ' });
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineCall' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      const literal = node.arguments[0];
      const kept = literal.properties
        .filter((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && KEPT.has(p.name.text))
        .map((p) => p.getText(source));
      if (kept.length !== KEPT.size) throw new Error(`${fileName}: a defineCall without a literal method and path`);
      edits.push({ start: literal.getStart(source), end: literal.getEnd(), text: `{ ${kept.join(', ')} }` });
      pure(node);
      return;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) pure(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

export function contractForWeb(): Plugin {
  return {
    name: 'contract-for-web',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT.test(id) || !code.includes('defineCall(')) return null;
      return { code: stripDeclarationsForWeb(code, id), map: null };
    },
  };
}
