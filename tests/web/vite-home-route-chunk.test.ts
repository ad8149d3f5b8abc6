import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findCycle, isReexportOnly, staticModuleClosure } from '../../scripts/lib/vite-home-route-chunk.ts';

const packageFile = (path: string): string => readFileSync(new URL(`../../node_modules/${path}`, import.meta.url), 'utf8');

describe('package indexes the home route walk does not enter (scripts/lib/vite-home-route-chunk.ts)', () => {
  it("are the modules that only re-export: antd-mobile's and ahooks' indexes", () => {
    expect(isReexportOnly(packageFile('antd-mobile/es/index.js'))).toBe(true);
    expect(isReexportOnly(packageFile('ahooks/es/index.js'))).toBe(true);
    expect(isReexportOnly("export { default } from './button';\n")).toBe(true);
  });

  it('are not modules with code of their own, nor side-effect imports (a CSS file, antd-mobile global styles)', () => {
    expect(isReexportOnly(packageFile('antd-mobile/es/components/button/button.js'))).toBe(false);
    expect(isReexportOnly(packageFile('antd-mobile/es/global/index.js'))).toBe(false);
    expect(isReexportOnly('')).toBe(false);
    expect(isReexportOnly("import './button.css';\n")).toBe(false);
    expect(isReexportOnly("import Button from './button';\nexport const Big = () => Button;\n")).toBe(false);
  });
});

describe('staticModuleClosure', () => {
  const graph: Record<string, string[]> = {
    entry: ['router', 'barrel'],
    router: ['paths', 'entry'],
    barrel: ['button', 'popup'],
    home: ['card', 'paths'],
    card: ['skeleton'],
  };
  const imports = (id: string): string[] | undefined => graph[id];

  it('follows static imports from every root, once each, through cycles', () => {
    expect([...staticModuleClosure(['entry', 'home'], imports, () => true)].sort()).toEqual(
      ['barrel', 'button', 'card', 'entry', 'home', 'paths', 'popup', 'router', 'skeleton'].sort(),
    );
  });

  it('neither keeps nor enters a module it must not follow (the index re-exporting every component)', () => {
    expect([...staticModuleClosure(['entry', 'home'], imports, (id) => id !== 'barrel')].sort()).toEqual(
      ['card', 'entry', 'home', 'paths', 'router', 'skeleton'].sort(),
    );
  });
});

describe('findCycle (the build fails on chunks that import each other)', () => {
  it('finds the entry and a shared chunk importing each other, the start failure of the first core-chunk attempt', () => {
    const chunks = new Map([
      ['index.js', ['vendor.js', 'core.js']],
      ['core.js', ['vendor.js', 'index.js']],
      ['vendor.js', []],
    ]);
    expect(findCycle(chunks)).toEqual(['index.js', 'core.js', 'index.js']);
  });

  it('finds a longer cycle and accepts a graph with shared imports but no cycle', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['index.js', ['core.js', 'vendor.js']], ['core.js', ['vendor.js']], ['home.js', ['core.js', 'vendor.js']], ['vendor.js', []]]))).toBeNull();
  });
});
