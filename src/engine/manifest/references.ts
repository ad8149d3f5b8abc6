/**
 * Registries: insurers and branches declared once (manifests/registry/*.json,
 * schemas/insurer-registry.schema.json and branch-registry.schema.json), and
 * the references to them in product manifests (`insurers[].insurer`,
 * `order.defaultBranch`) and markets (`branch.branchCode`).
 *
 * A manifest file names its insurers by code; {@link resolveManifest} puts the
 * registry's name, logo and insuring area in their place, so the server, the
 * web renderers and orders see the same insurer objects as before registries.
 */
import bundledInsurers from '../../../manifests/registry/insurers.json' with { type: 'json' };
import bundledBranches from '../../../manifests/registry/branches.json' with { type: 'json' };
import { findRegion } from '../regions/region-table.ts';
import type { ProductManifest, ServedInsurer } from './manifest-types.generated.ts';
import { insurerMarkUrl } from './visual-identity.ts';
import { closest, toProblem, type ManifestProblem } from './problem-messages.ts';
import { BRANCH_REGISTRY_VALIDATOR, INSURER_REGISTRY_VALIDATOR } from './schema-validators.ts';

/** One insurer of manifests/registry/insurers.json. */
export interface InsurerEntry {
  code: string;
  name: string;
  shortName: string;
  logoUrl?: string;
  /** Brand colour of the generated letter-mark. */
  color: string;
  /** Characters of the letter-mark (the short name's first two by default). */
  mark?: string;
  claimsHotline?: string;
  insuringAreas: { code: string; name: string }[];
}

/** One branch of manifests/registry/branches.json. */
export interface BranchEntry {
  code: string;
  name: string;
  /** The desk a market run by this branch gives parents (new-product writes it as the market's contact). */
  serviceDesk?: { name: string; phone: string; hours?: string };
}

export interface Registries {
  insurers: readonly InsurerEntry[];
  branches: readonly BranchEntry[];
}

/** An insurer as written in a manifest file. */
export interface InsurerReference {
  insurer: string;
  partyRole: 1 | 2;
  insuringArea?: string;
}

export const INSURER_REGISTRY_FILE = 'manifests/registry/insurers.json';
export const BRANCH_REGISTRY_FILE = 'manifests/registry/branches.json';

/** The registries of the repository's manifests folder (callers reading another folder pass its own). */
export const BUNDLED_REGISTRIES: Registries = { insurers: bundledInsurers.insurers, branches: bundledBranches.branches };

const isReference = (item: unknown): item is InsurerReference => typeof item === 'object' && item !== null && 'insurer' in item;

/**
 * The manifest as served: every insurer reference replaced by the registry's
 * name, logo (or letter-mark) and insuring area. Idempotent (an already resolved insurer is
 * kept); an unknown code is left as it is (the checker reports it first).
 */
export function resolveManifest<M extends ProductManifest>(manifest: M, registries: Registries = BUNDLED_REGISTRIES): M {
  const items = manifest.insurers as unknown[];
  if (!items.some(isReference)) return manifest;
  const byCode = new Map(registries.insurers.map((i) => [i.code, i]));
  const insurers = items.map((item): unknown => {
    if (!isReference(item)) return item;
    const entry = byCode.get(item.insurer);
    if (!entry) return item;
    const area = entry.insuringAreas.find((a) => a.code === item.insuringArea) ?? entry.insuringAreas[0]!;
    const served: ServedInsurer = {
      name: entry.name,
      partyRole: item.partyRole,
      // A licensed logo when the registry has one, else the insurer's generated letter-mark.
      logoUrl: entry.logoUrl ?? insurerMarkUrl(entry.code),
      insuringAreaCode: area.code,
      insuringAreaName: area.name,
    };
    return served;
  });
  return { ...manifest, insurers: insurers as ProductManifest['insurers'] };
}

/** The registry entries of a manifest file's insurers (lead first), for rules about hotlines and names. */
export function insurerEntriesOf(manifest: unknown, registries: Registries): { entry: InsurerEntry; partyRole: 1 | 2 }[] {
  const items = ((manifest as { insurers?: unknown[] }).insurers ?? []).filter(isReference);
  return items
    .flatMap((r) => {
      const entry = registries.insurers.find((i) => i.code === r.insurer);
      return entry ? [{ entry, partyRole: r.partyRole }] : [];
    })
    .sort((a, b) => a.partyRole - b.partyRole);
}

const hintOfCodes = (value: string, known: readonly string[], what: string) => {
  const near = closest(value, known, 3);
  return near.length > 0 ? `closest known ${what}: ${near.join(', ')}` : `use a code of ${what === 'insurer codes' ? INSURER_REGISTRY_FILE : BRANCH_REGISTRY_FILE}, or add the new one there first`;
};

/** Unknown insurer and branch codes of a schema-valid manifest file, each with the closest known codes. */
export function referenceProblems(file: string, manifest: unknown, registries: Registries): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const m = manifest as { insurers: unknown[]; order?: { defaultBranch?: string } };
  const codes = registries.insurers.map((i) => i.code);
  m.insurers.forEach((item, i) => {
    if (!isReference(item)) return;
    const entry = registries.insurers.find((e) => e.code === item.insurer);
    if (!entry) {
      problems.push({ file, pointer: `/insurers/${i}/insurer`, message: `unknown insurer "${item.insurer}"`, hint: hintOfCodes(item.insurer, codes, 'insurer codes') });
    } else if (item.insuringArea !== undefined && !entry.insuringAreas.some((a) => a.code === item.insuringArea)) {
      problems.push({
        file,
        pointer: `/insurers/${i}/insuringArea`,
        message: `insurer "${item.insurer}" has no insuring area ${item.insuringArea}`,
        hint: `use one of ${entry.insuringAreas.map((a) => `${a.code} ${a.name}`).join(', ')}, or add the area to ${INSURER_REGISTRY_FILE}`,
      });
    }
  });
  const branch = m.order?.defaultBranch;
  if (branch !== undefined && !registries.branches.some((b) => b.code === branch)) {
    problems.push({ file, pointer: '/order/defaultBranch', message: `unknown branch "${branch}"`, hint: hintOfCodes(branch, registries.branches.map((b) => b.code), 'branch codes') });
  }
  return problems;
}

/** Problems of a market's branch: its code in the branch registry, its name the registry's. */
export function marketBranchProblems(file: string, branch: { branchCode: string; branchName: string } | undefined, registries: Registries): ManifestProblem[] {
  if (!branch) return [];
  const entry = registries.branches.find((b) => b.code === branch.branchCode);
  if (!entry) {
    return [{ file, pointer: '/branch/branchCode', message: `unknown branch "${branch.branchCode}"`, hint: hintOfCodes(branch.branchCode, registries.branches.map((b) => b.code), 'branch codes') }];
  }
  if (entry.name !== branch.branchName) {
    return [{ file, pointer: '/branch/branchName', message: `branch ${entry.code} is called "${entry.name}" in ${BRANCH_REGISTRY_FILE}, not "${branch.branchName}"`, hint: `write "${entry.name}"` }];
  }
  return [];
}

/**
 * Validates the two registry files: their schemas, codes unique, insuring
 * areas in the national region tree. `insurers`/`branches` are the parsed
 * files (undefined: not read, nothing to check).
 */
export function validateRegistries(
  insurers: { file: string; data: unknown } | undefined,
  branches: { file: string; data: unknown } | undefined,
): ManifestProblem[] {
  const v = { insurers: INSURER_REGISTRY_VALIDATOR.get(), branches: BRANCH_REGISTRY_VALIDATOR.get() };
  const problems: ManifestProblem[] = [];
  const unique = (file: string, list: { code: string }[], key: string) => {
    const seen = new Map<string, number>();
    list.forEach((item, i) => {
      const first = seen.get(item.code);
      if (first !== undefined) problems.push({ file, pointer: `/${key}/${i}/code`, message: `code "${item.code}" is also used by item ${first}`, hint: 'codes are unique: merge the two entries or rename one' });
      else seen.set(item.code, i);
    });
  };
  if (insurers) {
    if (!v.insurers(insurers.data)) problems.push(...(v.insurers.errors ?? []).map((e) => toProblem(insurers.file, e, 'schemas/insurer-registry.schema.json')));
    else {
      const list = (insurers.data as { insurers: InsurerEntry[] }).insurers;
      unique(insurers.file, list, 'insurers');
      list.forEach((entry, i) =>
        entry.insuringAreas.forEach((area, j) => {
          if (!findRegion(area.code)) {
            problems.push({ file: insurers.file, pointer: `/insurers/${i}/insuringAreas/${j}/code`, message: `area ${area.code} is not a code of the national region tree`, hint: 'use a province (XX0000), city (XXYY00) or county code, e.g. 320100 南京市' });
          }
        }),
      );
    }
  }
  if (branches) {
    if (!v.branches(branches.data)) problems.push(...(v.branches.errors ?? []).map((e) => toProblem(branches.file, e, 'schemas/branch-registry.schema.json')));
    else unique(branches.file, (branches.data as { branches: BranchEntry[] }).branches, 'branches');
  }
  return problems;
}
