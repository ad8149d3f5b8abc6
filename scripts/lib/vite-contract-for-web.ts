/**
 * Vite plugin: in the web bundle a call declaration keeps only what the
 * client reads — its method and path. The schemas of params, query, body
 * and data serve the server (validation, serialisation, OpenAPI) and the
 * type checker (which reads the source, not this output); stripped here,
 * the schema constants become unused and the bundler drops them, so a
 * screen does not download the JSON Schema of every call its domain has.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

const CONTRACT = /[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/;
/** The properties of a declaration the web client reads (src/web/api/client.ts). */
const KEPT = new Set(['method', 'path']);

export function stripDeclarationsForWeb(code: string, fileName = 'contract.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
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
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
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
