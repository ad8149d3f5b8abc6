import { describe, expect, it } from 'vitest';
import { HOME_ROUTE_BUDGET_BYTES, HOME_ROUTE_MAX_FILES, SCREEN_MAX_FILES, SCREENS_TOTAL_MAX_FILES, homeRouteFiles, homeRouteProblems, idleFiles, screenFiles, screenSources, staticClosure, type BuildManifest } from '../../scripts/size-budget.ts';

/** A build manifest shaped like vite's: entry → vendor, home lazy → shared, detail lazy → heavy. */
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor-b.js', '_shared-c.js'],
    dynamicImports: ['src/web/features/catalogue/screens/home/home-screen.tsx', 'src/web/features/insure/screens/product-detail/product-detail-screen.tsx'],
    css: ['assets/index-a.css'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js' },
  '_shared-c.js': { file: 'assets/shared-c.js', imports: ['_vendor-b.js'], css: ['assets/shared-c.css'] },
  'src/web/features/catalogue/screens/home/home-screen.tsx': {
    file: 'assets/home-d.js',
    isDynamicEntry: true,
    imports: ['_shared-c.js', '_tag-e.js'],
    css: ['assets/home-d.css'],
  },
  '_tag-e.js': { file: 'assets/tag-e.js', imports: ['_vendor-b.js'] },
  'src/web/features/insure/screens/product-detail/product-detail-screen.tsx': {
    file: 'assets/detail-f.js',
    isDynamicEntry: true,
    imports: ['_heavy-g.js'],
  },
  '_heavy-g.js': { file: 'assets/heavy-g.js' },
};

describe('staticClosure', () => {
  it('follows static imports transitively, with their CSS, once each', () => {
    expect(staticClosure(manifest, ['_shared-c.js']).sort()).toEqual(['assets/shared-c.css', 'assets/shared-c.js', 'assets/vendor-b.js']);
  });

  it('does not follow dynamic imports', () => {
    expect(staticClosure(manifest, ['index.html'])).not.toContain('assets/home-d.js');
  });

  it('rejects an unknown key', () => {
    expect(() => staticClosure(manifest, ['_missing.js'])).toThrow(/no chunk/);
  });
});

describe('homeRouteFiles', () => {
  it('is the entry closure plus the home screen closure, without other screens', () => {
    expect(homeRouteFiles(manifest).sort()).toEqual(
      [
        'assets/home-d.css',
        'assets/home-d.js',
        'assets/index-a.css',
        'assets/index-a.js',
        'assets/shared-c.css',
        'assets/shared-c.js',
        'assets/tag-e.js',
        'assets/vendor-b.js',
      ].sort(),
    );
  });

  it('fails when the home screen is a chunk but not a lazy one', () => {
    expect(() => homeRouteFiles({ ...manifest, 'src/web/features/catalogue/screens/home/home-screen.tsx': { file: 'assets/home.js' } })).toThrow(/lazy/);
  });

  it("is the entry's closure when the home screen is bundled into the entry's chunks (the build's core chunk)", () => {
    const { ['src/web/features/catalogue/screens/home/home-screen.tsx']: _home, ...withoutHome } = manifest;
    expect(homeRouteFiles(withoutHome).sort()).toEqual(['assets/index-a.css', 'assets/index-a.js', 'assets/shared-c.css', 'assets/shared-c.js', 'assets/vendor-b.js'].sort());
  });
});

describe('the home route budget', () => {
  it('holds the size and the number of files: each file is gzipped alone and waits for a connection', () => {
    expect(homeRouteProblems(HOME_ROUTE_BUDGET_BYTES, HOME_ROUTE_MAX_FILES)).toEqual([]);
    expect(homeRouteProblems(HOME_ROUTE_BUDGET_BYTES + 1, HOME_ROUTE_MAX_FILES)).toEqual([expect.stringMatching(/over the \d+ KB budget/)]);
    // 31 files: the home route before its modules were grouped into one core chunk.
    expect(homeRouteProblems(HOME_ROUTE_BUDGET_BYTES, 31)).toEqual([`31 files, more than ${HOME_ROUTE_MAX_FILES}`]);
  });
});

describe('screens\' own opening downloads', () => {
  it('are the screen modules of the build', () => {
    expect(screenSources(manifest)).toEqual(['src/web/features/catalogue/screens/home/home-screen.tsx', 'src/web/features/insure/screens/product-detail/product-detail-screen.tsx']);
  });

  it('count what a screen loads beyond the home route, not what the first load already brought', () => {
    const home = new Set(homeRouteFiles(manifest));
    expect(screenFiles(manifest, 'src/web/features/insure/screens/product-detail/product-detail-screen.tsx', home).sort()).toEqual(['assets/detail-f.js', 'assets/heavy-g.js']);
    expect(screenFiles(manifest, 'src/web/features/catalogue/screens/home/home-screen.tsx', home)).toEqual([]);
  });
});

describe('the idle load (what home loads after its first render)', () => {
  const withIdle: BuildManifest = {
    ...manifest,
    'src/web/shared/api/query-module.ts': { file: 'assets/query-module-h.js', isDynamicEntry: true, imports: ['_query-i.js', '_vendor-b.js'] },
    '_query-i.js': { file: 'assets/query-i.js' },
    'src/web/features/insure/screens/product-detail/product-detail-screen.tsx': { file: 'assets/detail-f.js', isDynamicEntry: true, imports: ['_heavy-g.js', '_query-i.js'] },
  };

  it('is counted beyond the home route, and a screen opened after it does not pay it again', () => {
    const home = new Set(homeRouteFiles(withIdle));
    const idle = idleFiles(withIdle, home);
    expect(idle.sort()).toEqual(['assets/query-i.js', 'assets/query-module-h.js']);
    const loaded = new Set([...home, ...idle]);
    expect(screenFiles(withIdle, 'src/web/features/insure/screens/product-detail/product-detail-screen.tsx', loaded).sort()).toEqual(['assets/detail-f.js', 'assets/heavy-g.js']);
  });

  it('must be a lazy chunk', () => {
    expect(() => idleFiles(manifest, new Set())).toThrow(/lazy chunk/);
  });
});

describe('screen file budget', () => {
  it('holds every screen to at most SCREEN_MAX_FILES files (product detail opened 42 before the chunk merge)', () => {
    expect(SCREEN_MAX_FILES).toBeLessThan(42);
    expect(SCREENS_TOTAL_MAX_FILES).toBeLessThan(951);
  });
});
