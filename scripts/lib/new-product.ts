/**
 * `npm run new-product`: scaffolds a manifest for a new product (usually a new
 * city) from an existing one, by the code convention of
 * docs/adding-a-product.md ("Codes"): plans, prices, insurer, project and
 * plan/risk codes, the new city in the copy, the market file; records the
 * source in `copiedFrom` so that the checker lists what is still the source's.
 * The pure parts are exported for tests; `runNewProduct` does the file work
 * and prints what is left to edit as a short numbered list.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import schema from '../../schemas/product-manifest.schema.json' with { type: 'json' };
import { reservedRoutes } from '../../src/contract/app-routes.ts';
import { placeNamesOf } from '../../src/engine/manifest/copy-check.ts';
import { checkCatalogue, formatProblem, type ManifestProblem, type ProductManifest } from '../../src/engine/manifest/index.ts';
import { closest } from '../../src/engine/manifest/problem-messages.ts';
import type { BranchEntry, InsurerEntry, Registries } from '../../src/engine/manifest/references.ts';
import { regionFullName } from '../../src/engine/regions/region-table.ts';
import { PROVINCES } from '../../src/engine/rules/regions.ts';
import { readJsonDir, readRegistries } from '../../src/server/catalogue/json-files.ts';
import { formatJson } from './format-json.ts';

export const USAGE = `Usage: npm run new-product -- --from <existing-id> --id <new-id> --code <productCode> --name <productName> --route </newRoute>
         [--city <6-digit cityCode>] [--city-name <城市名>] [--plans "基础版:80,升级版:120,豪华版:200"] [--insurer <code>]
         [--without-social-security <multiplier>] [--market <market-id>] [--market-name <名称>] [--branch <JT…>]
         [--prefix <CODE>] [--dir <manifests folder>]

  --from       id (file name without .json) of the manifest to copy, e.g. xuzhou-student-accident-2025
  --id         id of the new manifest; also its file name, e.g. nanjing-student-2026
  --code       insurer product code of the new product, e.g. 26PR320100
  --name       product name shown to parents, e.g. 南京市2026学生平安保险
  --route      detail page route, e.g. /nanjingStudentDetails
  --city       6-digit city code (XXYY00) of the new sales region, e.g. 320100
  --city-name  name of that city as shown, e.g. 江苏省南京市 (default: the national region table's)
  --plans      the plans as name:premium, comma-separated, e.g. "基础版:80,升级版:120,豪华版:200"
  --insurer    code of the lead insurer in manifests/registry/insurers.json, e.g. picc-nanjing
  --without-social-security
               price multiplier for a student without social security (无社保), e.g. 1.2; sets the
               有无社保 price factor (added, with the form question, when the copied product has none)
  --market     id of the market selling it (manifests/markets/<id>.json): extended, or created for --city
  --market-name  name of a market created by --market, e.g. 南京学平险保险超市 (default: <city>学平险保险超市)
  --branch     code of the branch running the product (manifests/registry/branches.json), e.g. JT0000: the product's
               order.defaultBranch, and the branch and service desk (contact) of a market --market creates
  --prefix     letters of the new codes (project NJ2026, plans NJ26-A…); default: the initials of --id's first word
  --dir        folder of the manifests (default: manifests/)`;

export interface NewProductOptions {
  from: string;
  id: string;
  code: string;
  name: string;
  route: string;
  city?: string;
  cityName?: string;
  plans?: { name: string; premium: number }[];
  insurer?: string;
  /** Multiplier of the 无社保 option of the 有无社保 factor. */
  withoutSocialSecurity?: number;
  market?: string;
  marketName?: string;
  branch?: string;
  prefix?: string;
  dir?: string;
}

const props = schema.properties;

/** "基础版:80,升级版:120" → plans, or an error. */
export function parsePlans(text: string): { name: string; premium: number }[] | string {
  const plans = text.split(/[,，]/).map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name, price] = part.split(/[:：]/).map((s) => s.trim());
    return { name: name ?? '', premium: Number(price) };
  });
  const bad = plans.find((p) => !p.name || !Number.isFinite(p.premium) || p.premium <= 0 || Math.round(p.premium * 100) !== p.premium * 100);
  if (plans.length === 0 || bad) return `--plans "${text}" must list name:premium pairs such as "基础版:80,升级版:120" (premium in yuan, at most 2 decimals)`;
  return plans;
}

/** Reads the command line; returns the options or the problems with it. */
export function parseNewProductArgs(argv: readonly string[]): { options: NewProductOptions } | { errors: string[] } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: Object.fromEntries(['from', 'id', 'code', 'name', 'route', 'city', 'city-name', 'plans', 'insurer', 'without-social-security', 'market', 'market-name', 'branch', 'prefix', 'dir'].map((k) => [k, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    }) as { values: Record<string, string | undefined> });
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
  check('market', values.market, '^[a-z0-9]+(-[a-z0-9]+)*$', 'a market id such as nanjing');
  check('prefix', values.prefix, '^[A-Z]{2,6}$', 'capital letters such as NJ');
  check('branch', values.branch, '^JT[0-9]{4,10}$', 'a branch code such as JT0144001');
  if (values.name !== undefined && (values.name.length < props.productName.minLength || values.name.length > props.productName.maxLength)) {
    errors.push(`--name must be ${props.productName.minLength}-${props.productName.maxLength} characters`);
  }
  if (values['city-name'] !== undefined && values.city === undefined) errors.push('--city-name needs --city');
  if (values['market-name'] !== undefined && values.market === undefined) errors.push('--market-name needs --market');
  const multiplier = values['without-social-security'] === undefined ? undefined : Number(values['without-social-security']);
  if (multiplier !== undefined && !(Number.isFinite(multiplier) && multiplier > 0 && multiplier <= 10)) {
    errors.push(`--without-social-security "${values['without-social-security']}" must be a price multiplier such as 1.2 (×1.2 for a student without social security)`);
  }
  const plans = values.plans === undefined ? undefined : parsePlans(values.plans);
  if (typeof plans === 'string') errors.push(plans);
  if (errors.length > 0) return { errors };
  const options: NewProductOptions = { from: values.from!.replace(/\.json$/, ''), id: values.id!, code: values.code!, name: values.name!, route: values.route! };
  if (values.city !== undefined) options.city = values.city;
  if (values['city-name'] !== undefined) options.cityName = values['city-name'];
  if (Array.isArray(plans)) options.plans = plans;
  if (multiplier !== undefined) options.withoutSocialSecurity = multiplier;
  if (values['market-name'] !== undefined) options.marketName = values['market-name'];
  for (const key of ['insurer', 'market', 'branch', 'prefix', 'dir'] as const) if (values[key] !== undefined) options[key] = values[key];
  return { options };
}

/** Initials of a pinyin word: nanjing → NJ, xuzhou → XZ, taiyuan → TY. */
export function pinyinInitials(word: string): string {
  const syllables = word.toLowerCase().match(/(zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?[aeiouv]+(ng|r(?![aeiouv])|n(?![aeiouv]))?/g) ?? [];
  return syllables.map((s) => s[0]!.toUpperCase()).join('');
}

/**
 * The code convention (docs/adding-a-product.md, "Codes"): prefix = the
 * city's letters, year = 20 + the product code's first two digits;
 * project PREFIX+YEAR (NJ2026), plans PREFIX+YY-A, -B, … (NJ26-A), risks
 * YY+two-digit sequence (2601, 2602, …).
 */
export function codesFor(o: Pick<NewProductOptions, 'id' | 'code' | 'prefix'>) {
  const prefix = o.prefix ?? (pinyinInitials(o.id.split('-')[0]!) || 'P');
  const yy = /^[0-9]{2}/.test(o.code) ? o.code.slice(0, 2) : String(new Date().getFullYear()).slice(2);
  return { prefix, yy, project: `${prefix}20${yy}`, plan: (i: number) => `${prefix}${yy}-${String.fromCharCode(65 + i)}`, risk: (i: number) => `${yy}${String(i + 1).padStart(2, '0')}` };
}

/** Keys in the order of the schema, so that a scaffolded manifest reads like the others. */
function inSchemaOrder(manifest: Record<string, unknown>): Record<string, unknown> {
  const order = Object.keys(props);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => rank(a) - rank(b)));
}

/** Replaces every occurrence of each `from` by its `to` in every text of `value`, except under `skip` pointers. */
function replaceInTexts(value: unknown, pairs: readonly [string, string][], skip: readonly string[], at = ''): unknown {
  if (skip.some((s) => at === s || at.startsWith(`${s}/`))) return value;
  if (typeof value === 'string') return pairs.reduce((text, [from, to]) => (from && from !== to ? text.replaceAll(from, to) : text), value);
  if (Array.isArray(value)) return value.map((v, i) => replaceInTexts(v, pairs, skip, `${at}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceInTexts(v, pairs, skip, `${at}/${k}`)]));
  }
  return value;
}

/** Pointers never rewritten: codes and values that are data, not copy (schools are real institutions of the old city). */
const NOT_COPY = ['/$schema', '/id', '/productCode', '/routes', '/copiedFrom', '/insurers', '/insure/schools', '/order', '/region'];

/**
 * The copy: new id, codes, names and routes; `copiedFrom` records the
 * source; with --plans the plans (each copies the risks of the source's plan
 * at the same place, or its last) with new names and premiums; with --city
 * the region and every text naming the old city; with --insurer the lead
 * insurer and the texts giving the old insurer's name or hotline; plan,
 * risk and project codes renamed by {@link codesFor}. aliasCodes and status
 * are removed; renewalLabel becomes 再次购买 (去续保 belongs to the spec's four
 * renewal products); a plan builder is kept only when the plans are kept.
 */
export function scaffoldManifest(source: ProductManifest, o: NewProductOptions, registries?: Registries): ProductManifest {
  let m = structuredClone(source) as ProductManifest & Record<string, unknown>;
  const codes = codesFor(o);
  const replacements: [string, string][] = [[source.productName, o.name]];
  m.$schema = '../schemas/product-manifest.schema.json';
  m.id = o.id;
  m.productCode = o.code;
  m.productName = o.name;
  m.routes = [o.route];
  m.copiedFrom = { productCode: source.productCode };
  delete m.aliasCodes;
  delete m.noticeRoute;
  delete m.noMarket;
  m.renewalLabel = '再次购买';
  delete m.renewal;
  delete m.renewalReminderDays;
  delete m.status;
  m.projectCode = codes.project;

  // Plans: names, premiums, codes; risk codes renumbered consistently across plans.
  const riskCodes = new Map<string, string>();
  const renameRisks = (plan: ProductManifest['plans'][number]) => {
    for (const risk of plan.risks) {
      if (!riskCodes.has(risk.riskCode)) riskCodes.set(risk.riskCode, codes.risk(riskCodes.size));
      risk.riskCode = riskCodes.get(risk.riskCode)!;
    }
  };
  if (o.plans) {
    m.plans = o.plans.map((p, i) => {
      const base = structuredClone(source.plans[Math.min(i, source.plans.length - 1)]!);
      return { ...base, code: codes.plan(i), name: p.name, premium: p.premium };
    }) as ProductManifest['plans'];
    delete m.planBuilder;
  } else {
    const planCodes = new Map(m.plans.map((p, i) => [p.code, codes.plan(i)] as const));
    m.plans.forEach((p) => (p.code = planCodes.get(p.code)!));
    if (m.planBuilder) {
      for (const t of m.planBuilder.templates) t.planCodes = t.planCodes.map((c) => planCodes.get(c) ?? c) as typeof t.planCodes;
    }
  }
  m.plans.forEach(renameRisks);
  keepClaimsOfPlans(m);
  if (o.withoutSocialSecurity !== undefined) withSocialSecurityFactor(m, o.withoutSocialSecurity);

  if (o.city) {
    const provinceCode = `${o.city.slice(0, 2)}0000`;
    const name = o.cityName ?? regionFullName(o.city) ?? PROVINCES[o.city.slice(0, 2)] ?? o.city;
    m.region = { ...(m.region ?? {}), provinceCode, cityCode: o.city, name };
    const [oldPlace] = placeNamesOf(source);
    const [newPlace] = placeNamesOf(m);
    if (source.region?.name) replacements.push([source.region.name, name]);
    if (oldPlace && newPlace) replacements.push([oldPlace, newPlace]);
  }
  if (o.insurer && registries) {
    const next = registries.insurers.find((i) => i.code === o.insurer)!;
    const oldLead = leadEntry(source, registries);
    m.insurers = [{ insurer: next.code, partyRole: 1 }] as unknown as ProductManifest['insurers'];
    if (oldLead) {
      replacements.unshift([oldLead.name, next.name]);
      if (oldLead.claimsHotline && next.claimsHotline) replacements.push([oldLead.claimsHotline, next.claimsHotline]);
    }
  }
  m = replaceInTexts(m, replacements, NOT_COPY) as typeof m;
  // The project year in the project name and banner title (2025徐州学平险项目 → 2026南京学平险项目).
  const oldYear = /^[0-9]{2}/.test(source.productCode) ? `20${source.productCode.slice(0, 2)}` : undefined;
  if (oldYear && oldYear !== `20${codes.yy}`) {
    m.projectName = m.projectName.replaceAll(oldYear, `20${codes.yy}`);
    m.detail.banner.title = m.detail.banner.title.replaceAll(oldYear, `20${codes.yy}`);
  }
  return inSchemaOrder(m) as unknown as ProductManifest;
}

/** The copy keeps `claims`, less the liabilities its plans no longer have (and a kind left with none). */
function keepClaimsOfPlans(m: ProductManifest): void {
  if (!m.claims) return;
  const liabilities = new Set(m.plans.flatMap((plan) => plan.risks.flatMap((risk) => risk.duties.map((duty) => duty.limitName))));
  const kinds = m.claims.kinds
    .map((kind) => ({ ...kind, coveredBy: kind.coveredBy.filter((name) => liabilities.has(name)) }))
    .filter((kind) => kind.coveredBy.length > 0);
  if (kinds.length) m.claims = { kinds: kinds as typeof m.claims.kinds };
  else delete m.claims;
}

/** The 有无社保 factor priced ×`multiplier` without social security: the copied one changed, or a new one with its form question. */
function withSocialSecurityFactor(m: ProductManifest, multiplier: number): void {
  const existing = m.pricing.factors.find((f) => f.insuredField === 'socialMedicalInsurance');
  if (existing) {
    const without = existing.options.find((o) => o.value === 'N');
    if (without) without.multiplier = multiplier;
    return;
  }
  m.pricing.factors.push({
    code: 'socialSecurity',
    name: '有无社保',
    default: 'Y',
    insuredField: 'socialMedicalInsurance',
    options: [
      { value: 'Y', label: '有社保', multiplier: 1 },
      { value: 'N', label: '无社保', multiplier },
    ],
  } as ProductManifest['pricing']['factors'][number]);
  const insured = m.insure.insured as { fields?: string[] };
  if (!insured.fields?.includes('socialSecurity')) insured.fields = [...(insured.fields ?? []), 'socialSecurity'];
}

function leadEntry(m: ProductManifest, registries: Registries): InsurerEntry | undefined {
  const lead = (m.insurers as unknown as { insurer?: string; partyRole: number }[]).find((i) => i.partyRole === 1);
  return registries.insurers.find((i) => i.code === lead?.insurer);
}

/** A market's branch and service desk as the branch registry gives them. */
function branchFields(branch: BranchEntry | undefined): Record<string, unknown> {
  if (!branch) return {};
  return { branch: { branchCode: branch.code, branchName: branch.name }, ...(branch.serviceDesk ? { contact: { ...branch.serviceDesk } } : {}) };
}

/**
 * The market file after adding the product: the existing one extended (its
 * branch and desk kept; the branch's desk only where it has none), or a new
 * one for the city, run by `branch` and giving its service desk.
 */
export function marketWith(
  existing: Record<string, unknown> | undefined,
  marketId: string,
  code: string,
  m: ProductManifest,
  name?: string,
  branch?: BranchEntry,
): Record<string, unknown> | string {
  if (existing) {
    const products = Array.isArray(existing.products) ? (existing.products as string[]) : [];
    const withProduct = products.includes(code) ? existing : { ...existing, products: [...products, code] };
    return existing.contact === undefined ? { ...branchFields(branch), ...withProduct } : withProduct;
  }
  if (!m.region) return `--market ${marketId}: the market file does not exist yet, and creating it needs --city (its area)`;
  const [place] = placeNamesOf(m);
  return {
    $schema: '../../schemas/market-manifest.schema.json',
    schemaVersion: 1,
    id: marketId,
    name: name ?? `${place ?? m.region.name}学平险保险超市`,
    subtitle: `${m.region.name.replace(/^.+?(省|自治区)/, '')}中小学、幼儿园学生适用`,
    status: 'online',
    areas: [m.region.cityCode],
    products: [code],
    homeRoute: '/insureMarketHome',
    ...branchFields(branch),
  };
}

const STILL_SAME = /^still /;

/**
 * The new file's warnings as a short numbered to-do list: one line per
 * section, naming exactly which values under it are left (pointers relative to
 * the section), and any message other than "still the same".
 */
export function leftToEdit(problems: readonly ManifestProblem[]): string[] {
  const groups = new Map<string, ManifestProblem[]>();
  for (const p of problems) {
    const parts = p.pointer.split('/');
    const key = parts.slice(0, parts[1] === 'detail' || parts[1] === 'insure' ? 3 : 2).join('/') || '/';
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.entries()].map(([key, list], i) => {
    const pointers = [...new Set(list.map((p) => (p.pointer === key ? '' : p.pointer.slice(key.length + 1))))].filter(Boolean);
    const count = new Set(list.map((p) => p.pointer)).size;
    const where = pointers.length === 0 ? key : `${key}  ${count} value${count === 1 ? '' : 's'}: ${pointers.join(', ')}`;
    const other = [...new Set(list.map((p) => p.message).filter((m) => !STILL_SAME.test(m)))];
    return `${String(i + 1).padStart(2)}. ${where}${other.length > 0 ? `  (${other.join('; ')})` : ''}`;
  });
}

export interface RunIo {
  log: (line: string) => void;
  error: (line: string) => void;
  cwd: string;
  defaultDir: string;
}

/** The whole command; returns the exit code (0 done, 1 refused or problems, 2 wrong usage). */
export function runNewProduct(argv: readonly string[], io: RunIo): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.log(USAGE);
    return 0;
  }
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
    const near = closest(o.from, ids, 3);
    io.error(`There is no manifest ${show(sourcePath)} to copy (--from ${o.from}).${near.length > 0 ? ` Did you mean ${near.join(', ')}?` : ''} Existing ids: ${ids.join(', ')}`);
    return 1;
  }
  if (existsSync(targetPath)) {
    io.error(`${show(targetPath)} already exists: nothing was written. Choose another --id, or edit that file.`);
    return 1;
  }
  const { registries, problems: registryProblems } = readRegistries(dir);
  if (o.insurer && !registries.insurers.some((i) => i.code === o.insurer)) {
    const near = closest(o.insurer, registries.insurers.map((i) => i.code), 3);
    io.error(`--insurer ${o.insurer} is not in the insurer registry (manifests/registry/insurers.json).${near.length > 0 ? ` Closest: ${near.join(', ')}.` : ''} Add the insurer there first (docs/adding-a-product.md, "A new insurer").`);
    return 1;
  }
  const branch = o.branch === undefined ? undefined : registries.branches.find((b) => b.code === o.branch);
  if (o.branch !== undefined && !branch) {
    const near = closest(o.branch, registries.branches.map((b) => b.code), 3);
    io.error(`--branch ${o.branch} is not in the branch registry (manifests/registry/branches.json).${near.length > 0 ? ` Closest: ${near.join(', ')}.` : ''} Add the branch there first, with its serviceDesk.`);
    return 1;
  }
  const source = JSON.parse(readFileSync(sourcePath, 'utf8')) as ProductManifest;
  const manifest = scaffoldManifest(source, o, registries);
  if (o.branch !== undefined && manifest.order) manifest.order = { ...manifest.order, defaultBranch: o.branch };
  const marketPath = o.market ? join(dir, 'markets', `${o.market}.json`) : undefined;
  let market: Record<string, unknown> | undefined;
  if (o.market && marketPath) {
    const existing = existsSync(marketPath) ? (JSON.parse(readFileSync(marketPath, 'utf8')) as Record<string, unknown>) : undefined;
    const next = marketWith(existing, o.market, o.code, manifest, o.marketName, branch);
    if (typeof next === 'string') {
      io.error(next);
      return 1;
    }
    market = next;
  }
  const keptName = o.marketName !== undefined && market && marketPath && existsSync(marketPath) && market.name !== o.marketName ? String(market.name) : undefined;
  writeFileSync(targetPath, formatJson(manifest), { flag: 'wx' });
  if (market && marketPath) writeFileSync(marketPath, formatJson(market));
  const file = show(targetPath);

  // Check the new file together with every other manifest and the markets (codes and routes are unique across files).
  const products = readJsonDir(dir);
  const markets = readJsonDir(join(dir, 'markets'));
  const readable = (files: typeof products.files) => files.filter((f) => f.data !== undefined).map((f) => ({ file: show(resolve(f.file)), data: f.data }));
  const problems = [
    ...[...registryProblems, ...products.problems, ...markets.problems].map((p) => ({ ...p, file: show(resolve(p.file)) })),
    // The new file goes last, so that a clash of codes or routes is reported on it.
    ...checkCatalogue(readable(products.files).sort((a, b) => Number(a.file === file) - Number(b.file === file)), readable(markets.files), reservedRoutes(), registries),
  ];
  const own = problems.filter((p) => p.file === file);
  const errors = own.filter((p) => p.severity !== 'warning');
  const warnings = own.filter((p) => p.severity === 'warning');

  io.log(`Created ${file} from ${show(sourcePath)}${market ? `; ${show(marketPath!)} sells it` : ''}.`);
  if (market && market.contact === undefined) {
    io.log(
      branch
        ? `${show(marketPath!)} has no service desk: the branch ${branch.code} has no serviceDesk in manifests/registry/branches.json. Fill "contact" (name, phone, hours) in the market, or add the branch's desk to the registry.`
        : `${show(marketPath!)} has no service desk: fill "contact" (name, phone, hours) in it, or run again with --branch <code> of manifests/registry/branches.json to take that branch's desk.`,
    );
  }
  if (keptName !== undefined) io.log(`${show(marketPath!)} already existed and keeps its name "${keptName}" (--market-name names a market the command creates; edit "name" there to rename it).`);
  if (errors.length > 0) {
    io.log('');
    io.log(`It has ${errors.length} problem(s) to fix first (file  /pointer  message  (hint)):`);
    for (const p of errors) io.log(formatProblem(p));
  }
  const list = leftToEdit(warnings);
  io.log('');
  if (list.length > 0) {
    const values = new Set(warnings.map((p) => p.pointer)).size;
    io.log(`Left to edit: ${values} value${values === 1 ? '' : 's'} in ${list.length} section${list.length === 1 ? '' : 's'}, still as in ${source.productCode} (${basename(sourcePath)}):`);
    for (const line of list) io.log(line);
    io.log(`Write this product's own text for each; a value the same on purpose (the same insurer's clause, a generic answer) goes into`);
    io.log(`"copiedFrom": { "productCode": "${source.productCode}", "shared": [ … ] } instead: "/detail/faq/1/a" for one value, "/detail/faq" for a whole section.`);
    io.log(`npm run manifests:check -- ${file} shows each value's line.`);
  } else {
    io.log('Nothing is left as in the copied product.');
  }
  io.log('');
  io.log(`Then: npm run manifests:check -- --strict, npm run manifests:quote -- ${o.code}, npm run manifests:preview -- ${o.code} (docs/adding-a-product.md).`);
  const others = problems.filter((p) => p.file !== file && p.severity !== 'warning').length;
  if (others > 0) io.log(`(${others} problem(s) in other files: run npm run manifests:check to see them.)`);
  return errors.length > 0 ? 1 : 0;
}
