import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { planChunkMerges, planInputFromOutput, type PlanChunk, type PlanInput } from '../../scripts/lib/vite-chunk-merge.ts';

const chunk = (name: string, bytes: number, imports: string[] = [], mergeable = true, files = 1): PlanChunk => ({ name, bytes, files, imports, modules: [`/src/${name}.ts`], mergeable });
const KB = 1024;

describe('planChunkMerges', () => {
  it('merges the shared chunks two screens both open: each opens one file instead of three', () => {
    const input: PlanInput = {
      chunks: [chunk('a', 3 * KB, ['s1', 's2', 's3'], false), chunk('b', 3 * KB, ['s1', 's2', 's3'], false), chunk('s1', KB), chunk('s2', KB), chunk('s3', KB, [], true, 2)],
      entries: [
        { chunk: 'a', limitBytes: 40 * KB, weight: 1 },
        { chunk: 'b', limitBytes: 40 * KB, weight: 1 },
      ],
      loaded: new Set(),
    };
    const groups = planChunkMerges(input);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.chunks.sort()).toEqual(['s1', 's2', 's3']);
    expect(groups[0]!.modules.sort()).toEqual(['/src/s1.ts', '/src/s2.ts', '/src/s3.ts']);
  });

  it('does not merge when a screen that opens only one of the chunks would pass its budget', () => {
    const input: PlanInput = {
      chunks: [chunk('a', 3 * KB, ['s1', 's2'], false), chunk('b', 3 * KB, ['s1', 's2'], false), chunk('c', 36 * KB, ['s1'], false), chunk('s1', KB), chunk('s2', 2 * KB)],
      entries: [
        { chunk: 'a', limitBytes: 40 * KB, weight: 1 },
        { chunk: 'b', limitBytes: 40 * KB, weight: 1 },
        // c: 36 + 1 = 37 KB today; with s2 merged into s1 it would open 39 KB, over its 38.
        { chunk: 'c', limitBytes: 38 * KB, weight: 1 },
      ],
      loaded: new Set(),
    };
    expect(planChunkMerges(input)).toEqual([]);
    const roomy = { ...input, entries: input.entries.map((e) => ({ ...e, limitBytes: 40 * KB })) };
    expect(planChunkMerges(roomy).map((g) => g.chunks.sort())).toEqual([['s1', 's2']]);
  });

  it('does not bring the idle load (the query library) into a screen that paints without it', () => {
    // a (the market home) opens s1 only; b opens s1 and s2, and s2 imports the idle load's chunk q.
    const input: PlanInput = {
      chunks: [chunk('a', KB, ['s1'], false), chunk('b', KB, ['s1', 's2'], false), chunk('s1', KB), chunk('s2', KB, ['q']), chunk('q', 11 * KB)],
      entries: [
        { chunk: 'a', limitBytes: 40 * KB, weight: 1 },
        { chunk: 'b', limitBytes: 40 * KB, weight: 1 },
      ],
      loaded: new Set(['q']),
      idle: new Set(['q']),
    };
    expect(planChunkMerges(input)).toEqual([]);
    // Counted as loaded before the first paint, the same merge is made.
    expect(planChunkMerges({ ...input, idle: new Set() }).map((g) => g.chunks.sort())).toEqual([['s1', 's2']]);
  });

  it('never merges chunks already loaded (home route, idle load) nor an entry chunk', () => {
    const input: PlanInput = {
      chunks: [chunk('a', KB, ['core', 's1'], false), chunk('b', KB, ['core', 's1'], false), chunk('core', 20 * KB), chunk('s1', KB)],
      entries: [
        { chunk: 'a', limitBytes: 40 * KB, weight: 1 },
        { chunk: 'b', limitBytes: 40 * KB, weight: 1 },
      ],
      loaded: new Set(['core']),
    };
    expect(planChunkMerges(input)).toEqual([]);
  });

  it('merges the chunks on the import path between two chunks too, so that no two chunks import each other', () => {
    // s1 → s2 → s3: merging s1 and s3 alone would make {s1,s3} import s2 and s2 import {s1,s3}.
    const input: PlanInput = {
      chunks: [chunk('a', KB, ['s1', 's3'], false), chunk('s1', KB, ['s2']), chunk('s2', KB, ['s3']), chunk('s3', KB)],
      entries: [{ chunk: 'a', limitBytes: 40 * KB, weight: 1 }],
      loaded: new Set(),
    };
    expect(planChunkMerges(input).map((g) => g.chunks.sort())).toEqual([['s1', 's2', 's3']]);
  });
});

describe('planInputFromOutput', () => {
  /** A first pass's chunk as the planner reads it (Vite's `viteMetadata.importedCss` included). */
  const outputChunk = (fileName: string, css: string[], extra: Partial<Rolldown.OutputChunk> = {}) =>
    ({ type: 'chunk', fileName, code: `export const x = '${fileName}';`, imports: [], moduleIds: [`/src/${fileName}.ts`], isEntry: false, isDynamicEntry: false, viteMetadata: { importedCss: new Set(css) }, ...extra }) as unknown as Rolldown.OutputChunk;
  const asset = (fileName: string) => ({ type: 'asset', fileName, source: `.${fileName.replace(/\W/g, '')}{color:red}` }) as unknown as Rolldown.OutputAsset;

  it('makes a stylesheet several chunks import (a CSS-only chunk\'s) a node of its own that no merge folds, and counts a chunk\'s own stylesheet with it', () => {
    const output = [
      outputChunk('entry.js', [], { isEntry: true }),
      outputChunk('a.js', ['a.css', 'borrowed.css'], { isDynamicEntry: true, facadeModuleId: '/src/a.tsx' }),
      outputChunk('b.js', ['borrowed.css'], { isDynamicEntry: true, facadeModuleId: '/src/b.tsx' }),
      asset('a.css'),
      asset('borrowed.css'),
    ];
    const input = planInputFromOutput(output, { limitOf: () => 40 * KB, weightOf: () => 1, loadedRoots: [], configFile: '' });
    const byName = new Map(input.chunks.map((c) => [c.name, c]));
    expect(byName.get('a.js')).toMatchObject({ files: 2, imports: ['borrowed.css'] });
    expect(byName.get('b.js')).toMatchObject({ files: 1, imports: ['borrowed.css'] });
    expect(byName.get('borrowed.css')).toMatchObject({ files: 1, imports: [], mergeable: false });
    expect(byName.has('a.css')).toBe(false);
  });
});
