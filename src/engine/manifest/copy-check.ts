/**
 * "Still copied" warnings. `npm run new-product` records the source of a copy
 * (`copiedFrom.productCode`); every value that is still the source's where a
 * new product should have its own — codes, names, clause and notice texts,
 * FAQ answers, claim steps, service lines, the source city's name in any
 * text — is a warning naming the field and the source, unless the manifest
 * lists its pointer in `copiedFrom.shared`. A text rewritten only in part is
 * a warning too: one that keeps a sentence of the source's text at the same
 * place (the city changed, the rest not), or that still names the source's
 * product, project, banner or plans, gives the source's insured ages where
 * this product's differ, or promises renewal as the source did on a product
 * without renewal. Independently of copies, a text
 * giving the claims hotline of an insurer the product does not name is a
 * warning too (the 95518-in-a-Ping-An-product slip).
 *
 * Warnings fail `npm run manifests:check -- --strict` (CI) only.
 */
import type { ProductManifest } from './manifest-types.generated.ts';
import type { ManifestProblem } from './problem-messages.ts';
import type { Registries } from './references.ts';
import { RENEWAL_PROMISE } from './lint-rules.ts';
import { personAgeText } from '../insure/age-text.ts';

/** A sentence of a source text shorter than this (without spaces) is not worth a warning: 保险期间一年。 is everyone's. */
const MIN_KEPT_SENTENCE = 10;

/** The sentences of a text: up to and including each 。！？；, or a line. */
const sentencesOf = (text: string) => (text.match(/[^。！？；\n]+[。！？；]?/g) ?? []).map((s) => s.trim()).filter((s) => s.replace(/\s/g, '').length >= MIN_KEPT_SENTENCE);

/** The ways a text writes an age range, for finding the source's ages in a copy. */
function ageForms(range: readonly number[] | undefined, minAgeDays: number | undefined, minAgeMonths?: number): string[] {
  if (!range) return [];
  const [min, max] = range as [number, number];
  const from =
    min === 0 && minAgeDays !== undefined
      ? [`出生满${minAgeDays}天`, `${minAgeDays}天`]
      : min === 0 && minAgeMonths !== undefined
        ? [`出生满${minAgeMonths}个月`, `${minAgeMonths}个月`]
        : [`${min}周岁`, `${min}`];
  return from.flatMap((a) => ['-', '至', '到', '～', '~'].map((dash) => `${a}${dash}${max}周岁`));
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** Pointer patterns (`*` = any one segment) of values a copy must not keep. */
export const MUST_DIFFER = [
  '/productName',
  '/projectCode',
  '/projectName',
  '/routes/*',
  '/noticeRoute',
  '/plans/*/code',
  '/detail/banner/title',
  '/detail/titlePage/title',
  '/detail/faq/*/a',
  '/detail/notice/*',
  '/detail/claimProcess/*/text',
  '/detail/onlineService',
  '/detail/cooperationAuthorisation',
  '/detail/salesArea',
  '/detail/securityObject',
  '/protocols/*/content',
  '/alerts/*/text',
] as const;

const MUST_DIFFER_PARTS = MUST_DIFFER.map((pattern) => pattern.split('/'));

/** Whether a pointer matches one of {@link MUST_DIFFER}. */
const mustDiffer = (pointer: string) => {
  const p = pointer.split('/');
  return MUST_DIFFER_PARTS.some((q) => p.length === q.length && q.every((part, i) => part === '*' || part === p[i]));
};

/** Every string of `value` with its JSON pointer (collected into one list: a manifest has hundreds). */
export function stringsOf(value: unknown, at = '', into: [pointer: string, text: string][] = []): [pointer: string, text: string][] {
  if (typeof value === 'string') into.push([at, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => stringsOf(v, `${at}/${i}`, into));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) stringsOf(v, `${at}/${k.includes('~') || k.includes('/') ? k.replaceAll('~', '~0').replaceAll('/', '~1') : k}`, into);
  }
  return into;
}

const valueAt = (root: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined), root);

/** Place names of a manifest's region (e.g. 济宁 from 山东省济宁市), to find copy that still mentions them. */
export function placeNamesOf(m: Pick<ProductManifest, 'region'>): string[] {
  const names = new Set<string>();
  const raw = m.region?.name;
  const city = raw?.replace(/^.+?(省|自治区)/, '').replace(/(市|地区|自治州|盟)$/, '').trim();
  if (city && city.length >= 2) names.add(city);
  return [...names];
}

type CopySource = { file: string; manifest: ProductManifest };

/**
 * Texts of a copy rewritten only in part (one warning per place, none where
 * `warned` already has one): a sentence of the source's text at the same
 * place kept, the source's own names (product, project, banner, title page,
 * plans this product does not have) still written, the source's insured ages
 * where this product's differ, renewal promised as in a source with renewal
 * on a product without.
 */
function partlyRewritten(file: string, copy: ProductManifest, source: ProductManifest, from: string, texts: readonly [string, string][], warned: ReadonlySet<string>): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const done = new Set(warned);
  const add = (pointer: string, message: string, hint: string) => {
    if (done.has(pointer)) return;
    done.add(pointer);
    problems.push({ file, pointer, severity: 'warning', message, hint: `${hint}, or list "${pointer}" in copiedFrom.shared when it is the same on purpose` });
  };
  const ownPlace = placeNamesOf(copy)[0];
  const sourcePlaces = placeNamesOf(source);
  const ownPlans = new Set(copy.plans.map((p) => p.name));
  const ownTexts = [copy.productName, copy.projectName, copy.detail.banner.title, copy.detail.titlePage?.title ?? ''];
  const names: [term: string, what: string][] = [
    [source.productName, 'the product name'],
    [source.projectName, 'the project name'],
    [source.detail.banner.title, 'the banner title'],
    [source.detail.titlePage?.title ?? '', 'the title page'],
    ...source.plans.filter((p) => !ownPlans.has(p.name)).map((p): [string, string] => [p.name, 'a plan']),
  ];
  const foreignNames = names.filter(([term]) => term.length >= 2 && !ownTexts.some((own) => own.includes(term)));
  const sourceInsured = source.insure.insured;
  const ownInsured = copy.insure.insured;
  const agesDiffer =
    JSON.stringify([sourceInsured.ageBetween, sourceInsured.minAgeDays, sourceInsured.minAgeMonths]) !==
    JSON.stringify([ownInsured.ageBetween, ownInsured.minAgeDays, ownInsured.minAgeMonths]);
  const sourceAges = agesDiffer ? ageForms(sourceInsured.ageBetween, sourceInsured.minAgeDays, sourceInsured.minAgeMonths) : [];
  const ownAges = personAgeText(ownInsured) ?? 'the ages of /insure/insured';
  const renewalGone = source.renewal === true && copy.renewal !== true;
  for (const [pointer, text] of texts) {
    if (pointer.startsWith('/copiedFrom/') || pointer === '/$schema') continue;
    const before = mustDiffer(pointer) ? valueAt(source, pointer) : undefined;
    if (typeof before === 'string' && before !== text) {
      // As the copy writes it: new-product put the new city in place of the source's.
      const forms = (s: string) => [s, ...(ownPlace === undefined ? [] : sourcePlaces.map((p) => s.replaceAll(p, ownPlace)))];
      const kept = sentencesOf(before).flatMap(forms).find((s) => text.includes(s));
      if (kept) add(pointer, `still has a sentence of ${from}: "${shorten(kept)}"`, 'rewrite that sentence for this product (a new city alone does not make it this product\'s text)');
    }
    const name = foreignNames.find(([term]) => text.includes(term));
    if (name) add(pointer, `still names "${name[0]}", ${name[1]} of ${from}`, name[1] === 'a plan' ? `name one of this product's plans (${[...ownPlans].join(', ')}) or take the name out` : "write this product's own name");
    const age = sourceAges.find((form) => text.includes(form));
    if (age) add(pointer, `still gives the ages of ${from} (${age})`, `write this product's ages, ${ownAges} (insure.insured.ageBetween)`);
    const promise = renewalGone ? RENEWAL_PROMISE.exec(text) : null;
    if (promise) add(pointer, `still promises renewal ("${promise[0]}") as ${from} does`, 'take the renewal wording out: this product has no "renewal": true');
  }
  return problems;
}

/** The warnings of one manifest (raw file form, schema-valid) copied from `source` (or not copied: source undefined). */
export function copyWarnings(file: string, manifest: ProductManifest, source: CopySource | undefined, registries: Registries): ManifestProblem[] {
  const copied = manifest.copiedFrom;
  const shared = copied?.shared ?? [];
  const isShared = (pointer: string) => shared.some((s) => pointer === s || pointer.startsWith(`${s}/`));
  const problems: ManifestProblem[] = [];
  const warn = (pointer: string, message: string, hint: string) => {
    if (!isShared(pointer)) problems.push({ file, pointer, severity: 'warning', message, hint });
  };
  const sharedHint = (pointer: string) => `or list "${pointer}" in copiedFrom.shared when it is the same on purpose`;
  const texts = stringsOf(manifest);

  if (copied && !source) {
    problems.push({ file, pointer: '/copiedFrom/productCode', severity: 'warning', message: `copied from ${copied.productCode}, which no manifest has`, hint: 'fix the code, or remove copiedFrom when the copy is finished' });
  }
  if (copied && source) {
    const from = `${source.manifest.productCode} (${source.file.replace(/^.*[\\/]/, '')})`;
    for (const [pointer, text] of texts) {
      if (!mustDiffer(pointer)) continue;
      if (valueAt(source.manifest, pointer) === text) {
        warn(pointer, `still the same as in ${from}`, `write this product's own value, ${sharedHint(pointer)}`);
      }
    }
    const ownPlaces = new Set(placeNamesOf(manifest));
    const oldPlaces = placeNamesOf(source.manifest).filter((p) => !ownPlaces.has(p) && ![...ownPlaces].some((own) => own.includes(p)));
    for (const [pointer, text] of texts) {
      const place = oldPlaces.find((p) => text.includes(p));
      if (place && pointer !== '/copiedFrom/productCode' && !pointer.startsWith('/copiedFrom/')) {
        warn(pointer, `mentions ${place}, the city of the copied product ${from}`, `write the new city, ${sharedHint(pointer)}`);
      }
    }
    problems.push(...partlyRewritten(file, manifest, source.manifest, from, texts, new Set(problems.map((p) => p.pointer))).filter((p) => !isShared(p.pointer)));
  }

  // Hotlines: a text giving the claims hotline of an insurer this product does not name.
  const own = new Set((manifest.insurers as unknown as { insurer?: string }[]).map((i) => i.insurer));
  const ownHotlines = new Set(registries.insurers.filter((i) => own.has(i.code)).map((i) => i.claimsHotline));
  // Each foreign hotline once, named after the first insurer giving it (most insurers share their group's hotline).
  const foreign = new Map<string, Registries['insurers'][number]>();
  for (const i of registries.insurers) {
    if (i.claimsHotline && !own.has(i.code) && !ownHotlines.has(i.claimsHotline) && !foreign.has(i.claimsHotline)) foreign.set(i.claimsHotline, i);
  }
  const ownLine = registries.insurers.find((i) => own.has(i.code) && i.claimsHotline)?.claimsHotline;
  // Without a hotline of its own insurers in the registry, the fix starts there, not in this file.
  const leadCode = (manifest.insurers as unknown as { insurer?: string; partyRole?: number }[]).find((i) => i.partyRole === 1)?.insurer;
  const leadAt = registries.insurers.findIndex((i) => i.code === leadCode);
  const ownHotlineHint = ownLine
    ? `write ${ownLine}, the hotline of this product's insurer, `
    : leadAt >= 0
      ? `the insurer registry has no hotline of ${registries.insurers[leadAt]!.shortName}: add its 报案电话 as "claimsHotline" at manifests/registry/insurers.json  /insurers/${leadAt}, then write it here, `
      : 'write the hotline of this product\'s insurer, ';
  for (const [pointer, text] of texts) {
    if (!/[0-9]/.test(text)) continue;
    for (const [hotline, other] of foreign) {
      const at = text.indexOf(hotline);
      const bounded = at >= 0 && !/[0-9-]/.test(text[at - 1] ?? '') && !/[0-9]/.test(text[at + hotline.length] ?? '');
      if (!bounded) continue;
      warn(pointer, `gives ${hotline}, the claims hotline of ${other.shortName}, which does not insure this product`, `${ownHotlineHint}${sharedHint(pointer)}`);
    }
  }
  return problems;
}

/** The copy warnings of every valid manifest of a catalogue (sources looked up by product or alias code among the same files). */
export function catalogueCopyWarnings(valid: readonly { file: string; raw: ProductManifest }[], registries: Registries): ManifestProblem[] {
  const byCode = new Map<string, CopySource>();
  for (const { file, raw } of valid) for (const code of [raw.productCode, ...(raw.aliasCodes ?? [])]) byCode.set(code, { file, manifest: raw });
  return valid.flatMap(({ file, raw }) => copyWarnings(file, raw, raw.copiedFrom ? byCode.get(raw.copiedFrom.productCode) : undefined, registries));
}
