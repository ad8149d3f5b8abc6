/**
 * `npm run new-product`: scaffolds a manifest for a new product (usually a new
 * city) from an existing one. The pure parts (argument checks, the copy, the
 * list of what to edit next) are exported for tests; `runNewProduct` does the
 * file work and prints the report.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import schema from '../../schemas/product-manifest.schema.json' with { type: 'json' };
import { reservedRoutes } from '../../src/contract/app-routes.ts';
import { checkManifestSet, formatProblem, type ManifestProblem, type ProductManifest } from '../../src/engine/manifest/index.ts';
import { parseJsonText } from '../../src/engine/manifest/problem-messages.ts';
import { PROVINCES } from '../../src/engine/rules/regions.ts';
import { formatJson } from './format-json.ts';

export const USAGE = `Usage: npm run new-product -- --from <existing-id> --id <new-id> --code <productCode> --name <productName> --route </newRoute> [--city <6-digit cityCode>] [--city-name <城市名>] [--dir <manifests folder>]

  --from       id (file name without .json) of the manifest to copy, e.g. jining-student-accident
  --id         id of the new manifest; also its file name, e.g. suqian-student-accident
  --code       insurer product code of the new product, e.g. 25PR321300
  --name       product name shown to parents, e.g. 宿迁市学生平安保险
  --route      detail page route, e.g. /suqianStudentDetails
  --city       6-digit city code (XXYY00) of the new sales region, e.g. 321300
  --city-name  name of that city as shown, e.g. 江苏省宿迁市 (with --city)
  --dir        folder of the manifests (default: manifests/)`;

export interface NewProductOptions {
  from: string;
  id: string;
  code: string;
  name: string;
  route: string;
  city?: string;
  cityName?: string;
  dir?: string;
}

const props = schema.properties;

/** Reads the command line; returns the options or the problems with it. */
export function parseNewProductArgs(argv: readonly string[]): { options: NewProductOptions } | { errors: string[] } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        from: { type: 'string' },
        id: { type: 'string' },
        code: { type: 'string' },
        name: { type: 'string' },
        route: { type: 'string' },
        city: { type: 'string' },
        'city-name': { type: 'string' },
        dir: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { errors: [(error as Error).message] };
  }
  const errors: string[] = [];
  for (const key of ['from', 'id', 'code', 'name', 'route'] as const) {
    if (!values[key]) errors.push(`--${key} is missing`);
  }
  const check = (key: string, value: string | undefined, pattern: string, example: string) => {
    if (value !== undefined && !new RegExp(pattern).test(value)) errors.push(`--${key} "${value}" does not look like ${example}`);
  };
  check('id', values.id, props.id.pattern, 'a kebab-case id such as suqian-student-accident');
  check('code', values.code, props.productCode.pattern, 'a product code such as 25PR321300 (6-16 digits or capital letters)');
  check('route', values.route, props.routes.items.pattern, 'a route such as /suqianStudentDetails (a slash, then letters and digits)');
  check('city', values.city, '^[0-9]{4}00$', 'a 6-digit city code such as 371300');
  if (values.name !== undefined && (values.name.length < props.productName.minLength || values.name.length > props.productName.maxLength)) {
    errors.push(`--name must be ${props.productName.minLength}-${props.productName.maxLength} characters`);
  }
  if (values['city-name'] !== undefined && values.city === undefined) errors.push('--city-name needs --city');
  if (errors.length > 0) return { errors };
  const options: NewProductOptions = { from: values.from!.replace(/\.json$/, ''), id: values.id!, code: values.code!, name: values.name!, route: values.route! };
  if (values.city !== undefined) options.city = values.city;
  if (values['city-name'] !== undefined) options.cityName = values['city-name'];
  if (values.dir !== undefined) options.dir = values.dir;
  return { options };
}

/** Keys in the order of the schema, so that a scaffolded manifest reads like the others. */
function inSchemaOrder(manifest: Record<string, unknown>): Record<string, unknown> {
  const order = Object.keys(props);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * The copy: new id, $schema, productCode, productName and routes; with
 * --city the region and the insurers' insuring areas move to that city.
 * aliasCodes are removed (codes belong to one manifest), and so is status (a
 * new product is online); renewalLabel becomes 再次购买 (去续保 belongs to the
 * spec's four renewal products, and a new code is none of them).
 */
export function scaffoldManifest(source: ProductManifest, o: NewProductOptions): ProductManifest {
  const m = structuredClone(source);
  m.$schema = '../schemas/product-manifest.schema.json';
  m.id = o.id;
  m.productCode = o.code;
  m.productName = o.name;
  m.routes = [o.route];
  delete m.aliasCodes;
  m.renewalLabel = '再次购买';
  delete m.status;
  if (o.city) {
    const provinceCode = `${o.city.slice(0, 2)}0000`;
    const name = o.cityName ?? m.region?.name ?? PROVINCES[o.city.slice(0, 2)] ?? o.city;
    m.region = { provinceCode, cityCode: o.city, name };
  }
  return inSchemaOrder(m as unknown as Record<string, unknown>) as unknown as ProductManifest;
}

/** Place names of the source product (e.g. 徐州), to find copy that still mentions them. */
export function placeNamesOf(source: ProductManifest): string[] {
  const names = new Set<string>();
  const add = (raw: string | undefined) => {
    const city = raw?.replace(/^.+?(省|自治区)/, '').replace(/(市|地区|自治州|盟)$/, '').trim();
    if (city && city.length >= 2) names.add(city);
  };
  add(source.region?.name);
  for (const insurer of source.insurers) add(insurer.insuringAreaName);
  return [...names];
}

/** JSON pointers of every text in `value` that contains one of `terms`. */
export function pointersMentioning(value: unknown, terms: readonly string[], at = ''): string[] {
  if (typeof value === 'string') return terms.some((t) => value.includes(t)) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => pointersMentioning(v, terms, `${at}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => pointersMentioning(v, terms, `${at}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`));
  }
  return [];
}

/** `file  /pointer  what to do` lines: what still describes the copied product. */
export function nextEdits(file: string, m: ProductManifest, oldPlaces: readonly string[] = []): string[] {
  const rows: [string, string][] = [
    ['/projectCode', `code of the new city-year project (still "${m.projectCode}")`],
    ['/projectName', `name of the project (still "${m.projectName}")`],
    ['/category', 'the three product categories'],
    ['/region', m.region ? `sales region (now ${m.region.provinceCode} / ${m.region.cityCode} "${m.region.name}")` : 'sales region: add one if the insure form asks for a region'],
    ['/insurers', 'insurer names, the lead insurer (partyRole 1), logos and insuring areas'],
    ['/detail/banner', 'banner title and subtitle'],
    ['/detail/features', 'selling points'],
    ['/detail/faq', 'questions and answers'],
    ['/detail/claimProcess', 'claim steps and the insurer\'s service phone'],
    ['/detail/notice', '投保须知 paragraphs'],
    ['/detail/ageLimit', 'also salesArea, insurancePeriod, securityObject, onlineService, cooperationAuthorisation'],
  ];
  if (m.detail.titlePage) rows.push(['/detail/titlePage', 'title page of the Xuzhou project year']);
  rows.push(['/plans', 'plan codes, names, premiums, risks and duties (保障项目 limitName / showValue)']);
  if (m.planBuilder) rows.push(['/planBuilder', 'the three plan templates and the plan codes they merge']);
  rows.push(
    ['/pricing', 'pricing factors, most copies, guarantee years'],
    ['/insure', 'insure template, ages, relations, fields and schools'],
    ['/cover', 'cover start, length and end time'],
    ['/order', 'fee collection, default branch, fixed agent, repeat-insurance check'],
    ['/protocols', 'clauses and notices of the new insurer (投保须知, 保险条款, …)'],
  );
  if (m.alerts && m.alerts.length > 0) rows.push(['/alerts', 'product alerts']);
  const lines = rows.map(([pointer, what]) => `${file}  ${pointer}  ${what}`);
  const mentions = pointersMentioning(m, oldPlaces).filter((p) => !['/id', '/productName', '/routes'].some((own) => p.startsWith(own)));
  if (mentions.length > 0) {
    lines.push('', `Texts that still mention ${oldPlaces.join(' / ')}:`, ...mentions.map((p) => `${file}  ${p}`));
  }
  return lines;
}

export interface RunIo {
  log: (line: string) => void;
  error: (line: string) => void;
  cwd: string;
  defaultDir: string;
}

/** The whole command; returns the exit code (0 done, 1 refused or problems, 2 wrong usage). */
export function runNewProduct(argv: readonly string[], io: RunIo): number {
  const parsed = parseNewProductArgs(argv);
  if ('errors' in parsed) {
    for (const e of parsed.errors) io.error(e);
    io.error('');
    io.error(USAGE);
    return 2;
  }
  const o = parsed.options;
  const dir = o.dir ?? io.defaultDir;
  const show = (path: string) => relative(io.cwd, path) || '.';
  const sourcePath = join(dir, `${o.from}.json`);
  const targetPath = join(dir, `${o.id}.json`);
  if (!existsSync(sourcePath)) {
    const ids = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
    io.error(`There is no manifest ${show(sourcePath)} to copy (--from ${o.from}). Existing ids: ${ids.join(', ')}`);
    return 1;
  }
  if (existsSync(targetPath)) {
    io.error(`${show(targetPath)} already exists: nothing was written. Choose another --id, or edit that file.`);
    return 1;
  }
  const source = JSON.parse(readFileSync(sourcePath, 'utf8')) as ProductManifest;
  const manifest = scaffoldManifest(source, o);
  writeFileSync(targetPath, formatJson(manifest), { flag: 'wx' });
  const file = show(targetPath);

  // Validate the new file together with every other manifest (codes and routes are unique
  // across files); the new one goes last so that a clash is reported on it.
  const entries: { file: string; data: unknown }[] = [];
  const broken: ManifestProblem[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== `${o.id}.json`).sort()) {
    const parsed = parseJsonText(readFileSync(join(dir, name), 'utf8'), show(join(dir, name)));
    if (parsed.problem) broken.push(parsed.problem);
    else entries.push({ file: show(join(dir, name)), data: parsed.data });
  }
  entries.push({ file, data: JSON.parse(readFileSync(targetPath, 'utf8')) });
  const problems = [...broken, ...checkManifestSet(entries, reservedRoutes())];
  const own = problems.filter((p) => p.file === file);
  const others = problems.length - own.length;

  io.log(`Created ${file} from ${show(sourcePath)}.`);
  if (own.length > 0) {
    io.log('');
    io.log(`It has ${own.length} problem(s) to fix first (file  /pointer  message  (hint)):`);
    for (const p of own) io.log(formatProblem(p));
  } else {
    io.log('It passes the checks.');
  }
  io.log('');
  io.log('Edit next: everything below still describes the product you copied (file  /pointer  what).');
  for (const line of nextEdits(file, manifest, o.city && o.city !== source.region?.cityCode ? placeNamesOf(source) : [])) io.log(line);
  io.log('');
  io.log('Then run `npm run manifests:check`, preview the product at /#/catalogue (npm run dev) and see docs/adding-a-product.md.');
  if (others > 0) io.log(`(${others} problem(s) in other manifests: run npm run manifests:check to see them.)`);
  return own.length > 0 ? 1 : 0;
}
