/**
 * Plain-language problems for people who edit manifests by hand (operations
 * staff, not programmers): every message names the file and the JSON pointer
 * and says what to write. Schema errors are worded from the schema itself —
 * a pattern's rule in words is its `x-hint` annotation, a missing property's
 * example is its `examples` — so no table of regular expressions is kept here.
 * JSON syntax errors give the line and column and show the line.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';

/** One problem found in a manifest: where it is and how to fix it. */
export interface ManifestProblem {
  file: string;
  /** JSON pointer into the manifest, '' for the root. */
  pointer: string;
  message: string;
  hint?: string;
  /** 'warning' does not fail `manifests:check` (only `--strict`); absent means an error. */
  severity?: 'warning';
  /** Lines shown under the problem (the offending line of a JSON syntax error, with a caret). */
  excerpt?: string;
}

/** Schema annotation keyword: a pattern's rule in words with an example (`"x-hint": "6 digits ending in 00, e.g. 320100 南京市"`). */
export const HINT_KEYWORD = 'x-hint';

/** Schema annotation keyword of a property that took the place of others: former name → what to do with it. */
export const REPLACES_KEYWORD = 'x-replaces';

type SchemaNode = {
  [HINT_KEYWORD]?: string;
  [REPLACES_KEYWORD]?: Record<string, string>;
  description?: string;
  examples?: unknown[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  type?: string;
};

/**
 * A schema example with its texts blanked ("…") unless the schema allows only
 * listed values there (an enum or const): schema examples are taken from
 * real products, and a hint must not suggest another product's name, code or
 * plan label for the manifest being fixed. Numbers, true/false and the shape
 * stay, as they say what kind of value goes where.
 */
export function neutralExample(example: unknown, node: SchemaNode | undefined, deref: (n: SchemaNode | undefined) => SchemaNode | undefined = (n) => n): unknown {
  const schema = deref(node);
  if (typeof example === 'string') return schema?.enum !== undefined || schema?.const !== undefined ? example : '…';
  if (Array.isArray(example)) return example.map((item) => neutralExample(item, schema?.items, deref));
  if (example !== null && typeof example === 'object') {
    return Object.fromEntries(Object.entries(example).map(([k, v]) => [k, neutralExample(v, schema?.properties?.[k], deref)]));
  }
  return example;
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** Up to `count` known values closest to `value` (case-insensitive edit distance, then containment). */
export function closest(value: string, known: readonly string[], count = 3): string[] {
  const v = value.toLowerCase();
  return known
    .map((k) => {
      const low = k.toLowerCase();
      return { k, d: low === v ? 0 : low.length >= 3 && v.length >= 3 && (low.includes(v) || v.includes(low)) ? 0.5 : editDistance(v, low) };
    })
    .filter(({ k, d }) => d === 0 || (k.length >= 3 && d <= Math.max(1, Math.floor(k.length / 3))))
    .sort((a, b) => a.d - b.d || a.k.localeCompare(b.k))
    .slice(0, count)
    .map(({ k }) => k);
}

const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  integer: 'a whole number',
  string: 'text in double quotes',
  boolean: 'true or false',
  array: 'a list in square brackets [ … ]',
  object: 'a group of properties in braces { … }',
  null: 'null',
};

function typeHint(expected: string, value: unknown): string {
  if ((expected === 'number' || expected === 'integer') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return `write ${Number(value)} without quotes`;
  }
  if (expected === 'boolean' && (value === 'true' || value === 'false')) return `write ${value} without quotes`;
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return `write "${String(value)}" in double quotes`;
  if (expected === 'array' && value !== null && typeof value !== 'object') return `put it in square brackets: [${show(value)}]`;
  if (expected === 'integer' && typeof value === 'number') return `write a whole number, e.g. ${Math.round(value)}`;
  return `write ${TYPE_WORDS[expected] ?? expected}`;
}

const firstSentence = (text = '') => text.split(/(?<=[.;:])\s/)[0]!.replace(/[.;:]$/, '');

/**
 * Turns one ajv error (compiled with `verbose: true`, so it carries the
 * failing value and schema) into a problem a non-programmer can act on.
 * `schemaFile` names the schema in the unknown-property hint; `root` resolves `$ref`s.
 */
export function toProblem(file: string, error: ErrorObject, schemaFile = 'schemas/product-manifest.schema.json', root?: SchemaNode & { $defs?: Record<string, SchemaNode> }): ManifestProblem {
  const pointer = error.instancePath;
  const p = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const deref = (node: SchemaNode | undefined): SchemaNode | undefined =>
    node?.$ref && root?.$defs ? { ...root.$defs[node.$ref.replace('#/$defs/', '')], ...node } : node;
  const value = error.data;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const successor = Object.entries(parent.properties ?? {}).find(([, child]) => deref(child)?.[REPLACES_KEYWORD]?.[name] !== undefined);
      if (successor) {
        return { file, pointer: `${pointer}/${name}`, message: `"${name}" is replaced by "${successor[0]}"`, hint: deref(successor[1])![REPLACES_KEYWORD]![name]! };
      }
      const near = closest(name, Object.keys(parent.properties ?? {}), 1);
      return {
        file,
        pointer: `${pointer}/${name}`,
        message: `unknown property "${name}"`,
        hint: near.length > 0 ? `did you mean "${near[0]}"? remove it or check its spelling against ${schemaFile}` : `remove it or check its spelling against ${schemaFile}`,
      };
    }
    case 'required': {
      const name = String(p.missingProperty);
      const child = deref(parent.properties?.[name]);
      const example = child?.examples?.[0] === undefined ? undefined : neutralExample(child.examples[0], child, deref);
      const meaning = firstSentence(child?.description);
      return {
        file,
        pointer,
        message: `missing property "${name}"${meaning ? ` (${meaning})` : ''}`,
        hint:
          example !== undefined
            ? `add "${name}": ${show(example)}${example === '…' ? ` (${child?.[HINT_KEYWORD] ?? 'text in double quotes'})` : ''}`
            : `add "${name}"${child?.type ? ` with ${TYPE_WORDS[child.type] ?? child.type}` : ''}; see docs/manifest-reference.md`,
      };
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const near = typeof value === 'string' ? closest(value, allowed.filter((a): a is string => typeof a === 'string'), 1) : [];
      return {
        file,
        pointer,
        message: `${show(value)} is not one of the allowed values`,
        // A code list's meanings (x-hint: "03 子女, 10 监护人, …") say more than the bare codes.
        hint: `${near.length > 0 ? `did you mean ${show(near[0])}? ` : ''}${parent[HINT_KEYWORD] ? `write one of ${parent[HINT_KEYWORD]}` : `write one of ${allowed.map(show).join(', ')}`}`,
      };
    }
    case 'const':
      return { file, pointer, message: `${show(value)} is not allowed here`, hint: `write ${show(p.allowedValue)}` };
    case 'type': {
      const expected = String(p.type).split(',')[0]!;
      return { file, pointer, message: `${show(value)} must be ${TYPE_WORDS[expected] ?? expected}`, hint: typeHint(expected, value) };
    }
    case 'pattern': {
      const rule = parent[HINT_KEYWORD];
      return {
        file,
        pointer,
        message: rule ? `${show(value)} is not written as required: ${rule}` : `${show(value)} does not match the pattern ${String(p.pattern)}`,
        hint: patternHint(value, String(p.pattern), rule),
      };
    }
    case 'multipleOf':
      return { file, pointer, message: `${show(value)} has more than 2 decimals`, hint: `money is in yuan with at most 2 decimals, e.g. ${Math.round(Number(value) * 100) / 100}` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { file, pointer, message: `${show(value)} is too small`, hint: `write a number ${error.keyword === 'minimum' ? 'of at least' : 'above'} ${String(p.limit)}` };
    case 'maximum':
      return { file, pointer, message: `${show(value)} is too large`, hint: `write a number of at most ${String(p.limit)}` };
    case 'minLength':
      return {
        file,
        pointer,
        message: value === '' ? 'text is empty' : `text is too short (${String(value).length} characters)`,
        hint: `write at least ${String(p.limit)} character(s)`,
      };
    case 'maxLength':
      return { file, pointer, message: `text is too long (${[...String(value)].length} characters)`, hint: `shorten it to at most ${String(p.limit)} characters` };
    case 'minItems':
      return {
        file,
        pointer,
        message: Array.isArray(value) && value.length === 0 ? 'list is empty' : `list has too few items (${Array.isArray(value) ? value.length : 0})`,
        hint: `add at least ${String(p.limit)} item(s)`,
      };
    case 'maxItems':
      return { file, pointer, message: `list has too many items (${Array.isArray(value) ? value.length : 0})`, hint: `keep at most ${String(p.limit)}` };
    case 'uniqueItems': {
      const [first, second] = [Number(p.i), Number(p.j)].sort((a, b) => a - b);
      return {
        file,
        pointer: `${pointer}/${second}`,
        message: `${show(Array.isArray(value) ? value[second!] : undefined)} is listed twice (items ${first} and ${second}, counting from 0)`,
        hint: 'remove one of them',
      };
    }
    case 'format':
      return { file, pointer, message: `${show(value)} is not a valid ${String(p.format)}`, hint: p.format === 'date' ? 'write a date as "2026-09-01"' : `write a ${String(p.format)}` };
    default:
      return { file, pointer, message: error.message ?? `fails ${error.keyword}` };
  }
}

const FULL_WIDTH: Record<string, string> = { '“': '"', '”': '"', '，': ',', '：': ':', '｛': '{', '｝': '}', '［': '[', '］': ']' };

/**
 * Offset of the first JSON syntax error of `text` (text.length when it ends
 * too early). A small scanner rather than JSON.parse's message: Node versions
 * differ in whether, and how, that message gives a position.
 */
export function syntaxErrorOffset(text: string): number {
  let i = 0;
  class Stop extends Error {}
  const fail = (): never => {
    throw new Stop();
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r\uFEFF'.includes(text[i]!)) i++;
  };
  const str = () => {
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) fail();
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        str();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (ch === '"') return str();
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i, i + 40));
    if (!literal) fail();
    i += literal![0].length;
  };
  try {
    value();
    ws();
    return i < text.length ? i : text.length;
  } catch (error) {
    if (error instanceof Stop) return Math.min(i, text.length);
    throw error;
  }
}

/** Line (1-based), column (1-based) and the line's text of a character offset. */
function locate(text: string, offset: number): { line: number; column: number; lineText: string } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const start = before.lastIndexOf('\n') + 1;
  const end = text.indexOf('\n', offset);
  return { line, column: offset - start + 1, lineText: text.slice(start, end === -1 ? undefined : end).replace(/\r$/, '') };
}

/**
 * Parses the text of a JSON file. A syntax error becomes a problem with the
 * line and column, the offending line with a caret under the spot, and a hint
 * for the usual slips (a comma before } or ], a missing comma, Chinese
 * punctuation, single quotes, a missing closing bracket).
 */
export function parseJsonText(text: string, file: string): { data: unknown; problem?: undefined } | { data?: undefined; problem: ManifestProblem } {
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    const offset = syntaxErrorOffset(text);
    // Point at the first full-width punctuation mark before or at the spot, the usual cause in Chinese text.
    const here = text[offset] ?? '';
    const prevIndex = text.slice(0, offset).search(/\S\s*$/);
    const prev = prevIndex >= 0 ? text[prevIndex] : '';
    let hint: string;
    if (offset >= text.length) hint = 'the file ends too early: a closing } or ] or a closing " is missing (compare the brackets with the lines above)';
    else if (FULL_WIDTH[here]) hint = `replace the Chinese punctuation ${here} with ${FULL_WIDTH[here]!} (switch the keyboard to English punctuation)`;
    else if ((here === '}' || here === ']') && prev === ',') hint = `remove the comma before ${here}: the last item of a list or group has no comma after it`;
    else if (here === "'") hint = 'use double quotes " around texts and property names, not single quotes';
    else if (here === '"' && prev !== ',' && prev !== '{' && prev !== '[' && prev !== ':') hint = 'a comma is missing at the end of the previous value (before this ")';
    else if (/[A-Za-z_\u4e00-\u9fff]/.test(here) && (prev === '{' || prev === ',')) hint = 'put the property name in double quotes, e.g. "premium": 80';
    else if (/[\u4e00-\u9fff]/.test(here)) hint = 'put the text in double quotes, e.g. "基础版"';
    else hint = 'check the punctuation at the caret and at the end of the line above';
    const { line, column, lineText } = locate(text, Math.min(offset, text.length));
    const gutter = `${line} | `;
    return {
      problem: {
        file,
        pointer: '',
        message: `JSON syntax error at line ${line}, column ${column}`,
        hint,
        excerpt: `${gutter}${lineText}\n${' '.repeat(gutter.length + [...lineText.slice(0, column - 1)].reduce((w, ch) => w + (/[\u3000-\uffff]/.test(ch) ? 2 : 1), 0))}^`,
      },
    };
  }
}

/** `file  /json/pointer  message  (hint)`, a warning prefixed `warning:`, then the excerpt lines indented. */
export function formatProblem(p: ManifestProblem): string {
  const head = `${p.file}  ${p.pointer || '/'}  ${p.severity === 'warning' ? 'warning: ' : ''}${p.message}${p.hint ? `  (${p.hint})` : ''}`;
  return p.excerpt ? `${head}\n${p.excerpt.replace(/^/gm, '    ')}` : head;
}

/** Full-width digits and letters (０-９, Ａ-Ｚ, ａ-ｚ) as ASCII. */
const halfWidth = (text: string) => text.replace(/[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/**
 * The hint of a pattern error: the value itself corrected when one usual slip
 * explains it (spaces, capitals or small letters, full-width characters, a
 * missing leading # or /), so that the hint never tells someone to write the
 * rule's example (another city's code, another insurer's) in place of their
 * own value; otherwise the rule's example, as an example.
 */
function patternHint(value: unknown, pattern: string, rule: string | undefined): string {
  if (typeof value === 'string') {
    let re: RegExp | undefined;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = undefined;
    }
    const compact = halfWidth(value.replace(/[\s\u3000]/g, ''));
    const candidates = [compact, compact.toUpperCase(), compact.toLowerCase(), `#${compact}`, `/${compact}`];
    const fixed = re ? candidates.find((c) => c !== value && re.test(c)) : undefined;
    if (fixed !== undefined) return compact !== value && fixed === compact && /[\s\u3000]/.test(value) ? 'remove the spaces' : `write ${fixed}`;
    // Characters no code, number or path has (转, 、, letters of another script): name them, with the rule.
    const foreign = [...new Set(compact.replace(/[\x21-\x7e]/g, ''))];
    const spaces = /[\s\u3000]/.test(value);
    if (foreign.length > 0 && rule) {
      const what = [...(spaces ? ['the spaces'] : []), foreign.map((c) => `"${c}"`).join(', ')].join(' and ');
      return `take out ${what}: write it as the rule says, ${rule}`;
    }
    if (spaces) return 'remove the spaces';
  }
  return rule ? `write it as the rule says, e.g. ${rule.replace(/^.*e\.g\. /, '')}` : 'see docs/manifest-reference.md';
}
