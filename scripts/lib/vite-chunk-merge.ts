/**
 * Fewer files per screen opening. Rolldown makes one shared chunk per combination of
 * lazy screens that share modules: a screen's opening downloads dozens of 1–4 KB files (plus a CSS
 * file per antd-mobile component chunk), about eight rounds of six requests on a 150 ms HTTP/1.1
 * link. This module merges those shared chunks greedily, after a first build has measured them:
 *
 * 1. `vite build` runs a first, unwritten pass of the same config (the plugin's `config` hook calls
 *    vite's `build` with `write: false`) and reads its chunk graph: each shared chunk's modules,
 *    gzipped JS + CSS, static imports, and which lazy entries (screens, the idle load, …) load it;
 * 2. `planChunkMerges` merges two shared chunks when every entry that loads either stays within its
 *    byte budget after the merge and the chunk graph stays acyclic, taking first the merge that
 *    removes the most requests (weighted: screens on the purchase path count more);
 * 3. the real pass puts each merged chunk's modules in one `codeSplitting` group (`groupName`).
 *
 * Chunks of the home route and of the idle load are never merged (their budgets are tighter, and
 * what they load is taken as loaded by every screen). Deterministic: same sources, same plan.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { findCycle } from './vite-home-route-chunk.ts';

/** A chunk of the first pass. */
export interface PlanChunk {
  name: string;
  /** Gzipped bytes, JS and its CSS. */
  bytes: number;
  /** 1, or 2 with a CSS file. */
  files: number;
  /** Names of the chunks it imports statically. */
  imports: readonly string[];
  modules: readonly string[];
  /** A shared chunk outside the already-loaded set: may merge. */
  mergeable: boolean;
}

/** A lazy entry (its own chunk's name), with what its opening may download beyond `loaded` and its weight. */
export interface PlanEntry {
  chunk: string;
  limitBytes: number;
  weight: number;
}

export interface PlanInput {
  chunks: readonly PlanChunk[];
  entries: readonly PlanEntry[];
  /** Chunks every entry finds loaded (the home route, the idle load). */
  loaded: ReadonlySet<string>;
  /**
   * The chunks of the idle load among them (loaded when home is idle, not before it paints): a merge may
   * not bring one into an entry's static imports that had none of it (the market home paints before the
   * query library arrives; e2e/home-data.spec.ts).
   */
  idle?: ReadonlySet<string>;
}

/** A merge group: the chunks merged, in the order they merged. */
export interface MergeGroup {
  name: string;
  chunks: string[];
  modules: string[];
}

interface Node {
  bytes: number;
  files: number;
  imports: Set<string>;
  members: string[];
  modules: string[];
  mergeable: boolean;
}

/** Every node reachable from `start` (itself included) over `next`. */
function reachable(start: string, next: (name: string) => Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const other of next(name)) stack.push(other);
  }
  return seen;
}

const closureOf = (nodes: ReadonlyMap<string, Node>, start: string): Set<string> => reachable(start, (name) => nodes.get(name)?.imports ?? []);

const cost = (nodes: ReadonlyMap<string, Node>, names: Iterable<string>, loaded: ReadonlySet<string>): { bytes: number; files: number } => {
  let bytes = 0;
  let files = 0;
  for (const name of names) {
    if (loaded.has(name)) continue;
    bytes += nodes.get(name)!.bytes;
    files += nodes.get(name)!.files;
  }
  return { bytes, files };
};

/** The graph with `members` as one node named after the first (bytes summed: an upper bound of the merged gzip). */
function merged(nodes: ReadonlyMap<string, Node>, members: readonly string[]): Map<string, Node> {
  const into = members[0]!;
  const inSet = new Set(members);
  const rename = (target: string): string => (inSet.has(target) ? into : target);
  const next = new Map<string, Node>();
  for (const [name, node] of nodes) {
    if (inSet.has(name)) continue;
    next.set(name, { ...node, imports: new Set([...node.imports].map(rename)) });
  }
  const parts = members.map((name) => nodes.get(name)!);
  const imports = new Set(parts.flatMap((node) => [...node.imports].map(rename)));
  imports.delete(into);
  next.set(into, {
    bytes: parts.reduce((sum, node) => sum + node.bytes, 0),
    files: 1 + (parts.some((node) => node.files > 1) ? 1 : 0),
    imports,
    members: parts.flatMap((node) => node.members),
    modules: parts.flatMap((node) => node.modules),
    mergeable: true,
  });
  return next;
}

/** `a`, `b` and every chunk on an import path between them: merging fewer would make the chunks import each other. */
function pathClosed(nodes: ReadonlyMap<string, Node>, a: string, b: string): string[] {
  const reverse = new Map<string, string[]>();
  for (const [name, node] of nodes) for (const target of node.imports) reverse.set(target, [...(reverse.get(target) ?? []), name]);
  const down = (name: string): Set<string> => closureOf(nodes, name);
  const up = (name: string): Set<string> => reachable(name, (n) => reverse.get(n) ?? []);
  const [downA, downB, upA, upB] = [down(a), down(b), up(a), up(b)];
  const between = [...nodes.keys()].filter((name) => (downA.has(name) && upB.has(name)) || (downB.has(name) && upA.has(name)));
  return [a, b, ...between.filter((name) => name !== a && name !== b).sort()];
}

/**
 * The greedy merge plan: merges two mergeable chunks while one merge removes requests for some entry
 * and keeps every entry within its limit and the chunk graph acyclic; the merge with the largest
 * weighted number of requests removed first (ties: chunk names, for a deterministic plan).
 */
export function planChunkMerges({ chunks, entries, loaded, idle = new Set() }: PlanInput): MergeGroup[] {
  let nodes = new Map<string, Node>(
    chunks.map((c) => [c.name, { bytes: c.bytes, files: c.files, imports: new Set(c.imports), members: [c.name], modules: [...c.modules], mergeable: c.mergeable && !loaded.has(c.name) }]),
  );
  const closures = (graph: ReadonlyMap<string, Node>): Map<string, Set<string>> => new Map(entries.map((e) => [e.chunk, closureOf(graph, e.chunk)]));
  for (;;) {
    const current = closures(nodes);
    // Upper bound of each pair's gain: the weighted entries that load both.
    const gain = new Map<string, number>();
    for (const entry of entries) {
      const own = [...current.get(entry.chunk)!].filter((name) => nodes.get(name)?.mergeable).sort();
      for (let i = 0; i < own.length; i++)
        for (let j = i + 1; j < own.length; j++) {
          const key = `${own[i]}\n${own[j]}`;
          gain.set(key, (gain.get(key) ?? 0) + entry.weight);
        }
    }
    const candidates = [...gain.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
    let done = false;
    for (const [key] of candidates) {
      const [a, b] = key.split('\n') as [string, string];
      const members = pathClosed(nodes, a, b);
      if (!members.every((name) => nodes.get(name)?.mergeable)) continue;
      const next = merged(nodes, members);
      const touched = entries.filter((entry) => members.some((name) => current.get(entry.chunk)!.has(name)));
      const after = new Map(touched.map((entry) => [entry.chunk, closureOf(next, entry.chunk)]));
      let fits = true;
      let removed = 0;
      for (const entry of touched) {
        const before = cost(nodes, current.get(entry.chunk)!, loaded);
        const now = cost(next, after.get(entry.chunk)!, loaded);
        const closureBefore = current.get(entry.chunk)!;
        const waitsForIdle = [...after.get(entry.chunk)!].some((name) => idle.has(name) && !closureBefore.has(name));
        if ((now.bytes > before.bytes && now.bytes > entry.limitBytes) || waitsForIdle) {
          fits = false;
          break;
        }
        removed += (before.files - now.files) * entry.weight;
      }
      if (!fits || removed <= 0) continue;
      const edges = new Map([...next].map(([name, node]) => [name, [...node.imports]]));
      if (findCycle(edges)) continue;
      nodes = next;
      done = true;
      break;
    }
    if (!done) break;
  }
  return [...nodes.values()]
    .filter((node) => node.members.length > 1)
    .map((node) => ({ name: node.members[0]!, chunks: node.members, modules: node.modules }));
}

export interface ChunkMergeOptions {
  /** A lazy entry's download limit beyond the loaded set, in bytes (`undefined`: it may not grow). */
  limitOf: (facadeModuleId: string) => number | undefined;
  /** A lazy entry's weight: requests it saves count this many times. */
  weightOf: (facadeModuleId: string) => number;
  /** Modules whose chunks (with their static imports) every screen finds loaded besides the HTML entry's closure: the idle load. */
  loadedRoots: readonly string[];
  /** The config file both passes build (vite.config.ts). */
  configFile: string;
  /** Bytes kept under each limit: the merged chunk's gzip is estimated, not measured. */
  marginBytes?: number;
}

const PASS_ENV = 'EDU_CHUNK_MERGE_FIRST_PASS';

/** The first pass's output as the planner's input. */
export function planInputFromOutput(output: Rolldown.OutputBundle | readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[], options: ChunkMergeOptions): PlanInput {
  const items = Array.isArray(output) ? (output as readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[]) : Object.values(output as Rolldown.OutputBundle);
  const assets = new Map(items.filter((item): item is Rolldown.OutputAsset => item.type === 'asset').map((asset) => [asset.fileName, asset]));
  const js = items.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const margin = options.marginBytes ?? 256;
  const cssOf = (chunk: Rolldown.OutputChunk): string[] => [...((chunk as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])];
  const cssBytes = (file: string): number => gzipSync(assets.get(file)?.source ?? '', { level: 9 }).length;
  // A stylesheet several chunks import is a CSS-only chunk's (Vite drops the empty script and links the
  // stylesheet from each importer): a file of its own that no merge folds, so it is a node of its own, which
  // each entry that needs it pays once, not a part of each importer that a merge would count as folded.
  const importers = new Map<string, number>();
  for (const chunk of js) for (const file of cssOf(chunk)) importers.set(file, (importers.get(file) ?? 0) + 1);
  const shared = new Set([...importers].filter(([, count]) => count > 1).map(([file]) => file));
  const chunks: PlanChunk[] = js.map((chunk) => {
    const own = cssOf(chunk).filter((file) => !shared.has(file));
    return {
      name: chunk.fileName,
      bytes: gzipSync(chunk.code, { level: 9 }).length + own.reduce((sum, file) => sum + cssBytes(file), 0),
      files: 1 + own.length,
      imports: [...chunk.imports, ...cssOf(chunk).filter((file) => shared.has(file))],
      modules: chunk.moduleIds,
      mergeable: !chunk.isEntry && !chunk.isDynamicEntry,
    };
  });
  for (const file of shared) chunks.push({ name: file, bytes: cssBytes(file), files: 1, imports: [], modules: [], mergeable: false });
  const byName = new Map(chunks.map((chunk) => [chunk.name, chunk]));
  const loaded = new Set<string>();
  const load = (name: string): void => {
    if (loaded.has(name)) return;
    loaded.add(name);
    for (const next of byName.get(name)?.imports ?? []) load(next);
  };
  for (const chunk of js) if (chunk.isEntry) load(chunk.fileName);
  const first = new Set(loaded);
  for (const chunk of js) if (chunk.facadeModuleId && options.loadedRoots.includes(chunk.facadeModuleId)) load(chunk.fileName);
  const idle = new Set([...loaded].filter((name) => !first.has(name)));
  const entries: PlanEntry[] = js
    .filter((chunk) => chunk.isDynamicEntry && !loaded.has(chunk.fileName) && chunk.facadeModuleId)
    .map((chunk) => {
      const limit = options.limitOf(chunk.facadeModuleId!);
      return { chunk: chunk.fileName, limitBytes: limit === undefined ? -1 : limit - margin, weight: options.weightOf(chunk.facadeModuleId!) };
    });
  return { chunks, entries, loaded, idle };
}

/**
 * The plugin and the `codeSplitting` group name function: the plugin's `config` hook runs the first
 * pass (same config, not written) and plans; `groupName` gives each merged chunk's modules their group.
 */
export function chunkMerge(options: ChunkMergeOptions): { plugin: Plugin; groupName: Rolldown.CodeSplittingNameFunction; groups: () => readonly MergeGroup[] } {
  const groupOf = new Map<string, string>();
  let groups: MergeGroup[] = [];
  const plugin: Plugin = {
    name: 'edu-chunk-merge',
    apply: 'build',
    async config(config, env) {
      if (process.env[PASS_ENV] || env.command !== 'build') return;
      const { build } = await import('vite');
      process.env[PASS_ENV] = '1';
      let output;
      try {
        output = await build({ configFile: options.configFile, root: config.root, mode: env.mode, logLevel: 'silent', build: { write: false } });
      } finally {
        delete process.env[PASS_ENV];
      }
      const first = (Array.isArray(output) ? output[0] : output) as Rolldown.RolldownOutput;
      groups = planChunkMerges(planInputFromOutput(first.output, options));
      groups.forEach((group, index) => {
        const name = `shared-${index + 1}`;
        group.name = name;
        for (const id of group.modules) groupOf.set(id, name);
      });
    },
  };
  return { plugin, groupName: (id) => groupOf.get(id) ?? null, groups: () => groups };
}

/** True in the first (measuring) pass: plugins that only write files may skip it. */
export const isChunkMergeFirstPass = (): boolean => Boolean(process.env[PASS_ENV]);
