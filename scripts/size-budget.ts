/**
 * Size budgets of the web build. Reads vite's build manifest
 * (dist/.vite/manifest.json), walks the chunk graph (static imports,
 * transitively, with their CSS), prints every chunk's gzipped size and exits 1
 * when a budget is passed:
 * - the home route (the entry's closure plus the home screen's): what a phone
 *   downloads before home can render (critical);
 * - what home loads when it is idle after its first render (the query module:
 *   TanStack Query, src/web/shared/api/query-module.ts), beyond the home route;
 * - every screen's own opening download: its closure minus the home route's
 *   and the idle load's (what opening it costs after the first load; a screen
 *   opened before the idle load has finished pays the rest of it too), with
 *   the insure screen's own budgets (its chunk, and its download beyond the
 *   home route and the idle load) and none for the PDF viewer's screen;
 * - the sale recorder beyond the home route;
 * - no TypeBox in any web chunk (the web needs the contract's paths and
 *   types, not its schemas: scripts/lib/vite-contract-for-web.ts).
 *
 * Usage: tsx scripts/size-budget.ts [distDir]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The home route, gzipped (KB are 1024 bytes): goal and budget 100 KB, of which React alone is 67 KB and
 * react-router's declarative mode about 9.
 */
export const HOME_ROUTE_GOAL_BYTES = 100 * 1024;
export const HOME_ROUTE_BUDGET_BYTES = 100 * 1024;
/**
 * Files of the home route, at most: each file is gzipped alone (its own dictionary and header) and,
 * on HTTP/1.1, waits for one of six connections. The build puts the home route's modules in one
 * `core` chunk with the home screen (scripts/lib/vite-home-route-chunk.ts): about 6 files rather than 31.
 */
export const HOME_ROUTE_MAX_FILES = 10;

/**
 * The document itself, gzipped: index.html with the document-start script inlined in it
 * (scripts/lib/vite-document-preloads.ts; every route's first request, revalidated on every visit). Not
 * part of the home route's figure.
 */
export const DOCUMENT_BUDGET_BYTES = 4 * 1024;

/** What is wrong with the home route's size or file count (empty: within both budgets). */
export function homeRouteProblems(bytes: number, files: number): string[] {
  const problems: string[] = [];
  if (bytes > HOME_ROUTE_BUDGET_BYTES) problems.push(`${(bytes / 1024).toFixed(2)} KB over the ${HOME_ROUTE_BUDGET_BYTES / 1024} KB budget`);
  if (files > HOME_ROUTE_MAX_FILES) problems.push(`${files} files, more than ${HOME_ROUTE_MAX_FILES}`);
  return problems;
}
/**
 * What home loads when idle after its first render (`loadQueryModuleWhenIdle`): the query module,
 * TanStack Query with the page's client, the query options and hooks. Not part of the home route,
 * and taken as loaded when a screen's opening download is counted (docs/performance.md).
 */
export const IDLE_SOURCE = 'src/web/shared/api/query-module.ts';
export const IDLE_BUDGET_BYTES = Math.round(16.15 * 1024);
/** A screen's own opening download, gzipped, except the screens of SCREEN_BUDGET_EXCEPTIONS. */
export const SCREEN_BUDGET_BYTES = 40 * 1024;
/**
 * Screens still over SCREEN_BUDGET_BYTES, each held at the ceiling (KB, gzipped) it reached:
 * the build fails when one grows; a line goes when its screen is within 40 KB.
 */
export const SCREEN_CEILINGS_KB: Readonly<Record<string, number>> = {
  // The confirm page with the cover-start rules it shows (a picked window, the payment-day note) and what
  // carries the health notice's answers (its card and evaluation load only with a product that has one),
  // the insurable ages in months it checks and writes, and the price by the ward's age band it shows.
  'src/web/features/insure/screens/confirm/confirm-screen.tsx': 41.1,
};
/**
 * The insure screen (the rjsf form): its own chunk, and what opening it downloads beyond the
 * home route. Goals 60 and 90 KB: the chunk is held at its goal; the download beyond home at
 * what the build reaches (84.3 KB once antd-mobile's pickers and popups load on first open:
 * docs/performance.md, "The insure form"), lowered as it shrinks.
 */
export const INSURE_SCREEN_SOURCE = 'src/web/features/insure/screens/insure/insure-screen.tsx';
export const INSURE_CHUNK_GOAL_BYTES = 60 * 1024;
export const INSURE_BEYOND_HOME_GOAL_BYTES = 90 * 1024;
export const INSURE_CHUNK_BUDGET_BYTES = INSURE_CHUNK_GOAL_BYTES;
export const INSURE_BEYOND_HOME_BUDGET_BYTES = 85 * 1024;
/** Screens with their own budget (insure, above) or none (the PDF viewer's contract screen: pdf.js). */
export const SCREEN_BUDGET_EXCEPTIONS: ReadonlySet<string> = new Set([INSURE_SCREEN_SOURCE, 'src/web/features/contracts/screens/contract/contract-screen.tsx']);
/**
 * Files of a screen's own opening download (JS + CSS, beyond the home route and the idle load), at
 * most: on HTTP/1.1 each waits for one of six connections (150 ms a round on a phone link). Shared
 * chunks are merged after a first pass measured them (scripts/lib/vite-chunk-merge.ts); no merge may
 * bring the idle load into a screen that paints without it.
 */
export const SCREEN_MAX_FILES = 29;
/** The sum over all screens' opening files, at most (the merge's weighted goal, printed and held). */
export const SCREENS_TOTAL_MAX_FILES = 851;

/** TypeBox marks every schema with this symbol's key: found in a chunk, a schema shipped to the web. */
export const TYPEBOX_MARK = 'TypeBox.Kind';
/** The home screen module, as vite names it in the manifest. */
export const HOME_SCREEN_SOURCE = 'src/web/features/catalogue/screens/home/home-screen.tsx';

/** One entry of vite's build manifest (only the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * Files (JS and CSS, relative to dist/) loaded up front for the given
 * manifest keys: each chunk, its CSS, and the same for its static imports,
 * transitively. Dynamic imports are not followed: they load later.
 */
export function staticClosure(manifest: BuildManifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`build manifest has no chunk "${key}"`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

/** The manifest key of the HTML entry (the one chunk with isEntry). */
export function entryKey(manifest: BuildManifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the build manifest, found ${entries.length}`);
  return entries[0]![0];
}

/**
 * The files of the home route: the entry's static closure plus the home screen chunk's. The build
 * puts the home screen in the entry's `core` chunk (scripts/lib/vite-home-route-chunk.ts): then it
 * has no chunk of its own, the entry's closure is the home route, and `dynamicImports` of that
 * closure name no home chunk.
 */
export function homeRouteFiles(manifest: BuildManifest, homeSource = HOME_SCREEN_SOURCE): string[] {
  const home = manifest[homeSource];
  if (!home) return staticClosure(manifest, [entryKey(manifest)]);
  if (home.isEntry || !home.isDynamicEntry) throw new Error(`the home screen must be a lazy chunk (dynamic import) or part of the entry's chunks`);
  return staticClosure(manifest, [entryKey(manifest), homeSource]);
}

/** What the idle load downloads beyond the home route: the idle module's static closure minus the home route's files. */
export function idleFiles(manifest: BuildManifest, homeFiles: ReadonlySet<string>, idleSource = IDLE_SOURCE): string[] {
  if (!manifest[idleSource]?.isDynamicEntry) throw new Error(`the idle load (${idleSource}) must be a lazy chunk`);
  return staticClosure(manifest, [idleSource]).filter((file) => !homeFiles.has(file));
}

/** The sale recorder (docs/recording.md): its own lazy chunk, at most 30 KB gzipped with what it loads. */
export const RECORDER_SOURCE = 'src/web/features/recording/recorder.ts';
export const RECORDER_BUDGET_BYTES = 30 * 1024;

/** What starting the recorder downloads beyond the home route: its chunk's static closure minus the home route's files. */
export function recorderFiles(manifest: BuildManifest, homeFiles: ReadonlySet<string>): string[] {
  if (!manifest[RECORDER_SOURCE]?.isDynamicEntry) throw new Error(`the recorder (${RECORDER_SOURCE}) must be a lazy chunk`);
  return staticClosure(manifest, [RECORDER_SOURCE]).filter((file) => !homeFiles.has(file));
}

/** The screen modules of the build (`src/web/features/<feature>/screens/<name>/<name>-screen.tsx`, lazy chunks). */
export function screenSources(manifest: BuildManifest): string[] {
  return Object.keys(manifest)
    .filter((key) => /^src\/web\/features\/[^/]+\/screens\/([^/]+)\/\1-screen\.tsx$/.test(key))
    .sort();
}

/** A screen's own opening download: its static closure minus the files already loaded (the home route's). */
export function screenFiles(manifest: BuildManifest, source: string, already: ReadonlySet<string>): string[] {
  return staticClosure(manifest, [source]).filter((file) => !already.has(file));
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`;

function main(distDir: string): number {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`size-budget: ${manifestPath} not found; run \`vite build\` (build.manifest must be true)`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
  const homeFiles = new Set(homeRouteFiles(manifest));
  const assets = listFiles(join(distDir, 'assets'))
    .filter((path) => /\.(js|css)$/.test(path))
    .map((path) => {
      const content = readFileSync(path);
      return { file: relative(distDir, path).split('\\').join('/'), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => Number(homeFiles.has(b.file)) - Number(homeFiles.has(a.file)) || b.gzip - a.gzip);

  const width = Math.max(...assets.map((a) => a.file.length), 10);
  console.log(`${'chunk'.padEnd(width)}  ${'raw'.padStart(11)}  ${'gzip'.padStart(11)}  home route`);
  for (const a of assets) {
    console.log(`${a.file.padEnd(width)}  ${kb(a.raw).padStart(11)}  ${kb(a.gzip).padStart(11)}  ${homeFiles.has(a.file) ? '  *' : ''}`);
  }
  const total = assets.filter((a) => homeFiles.has(a.file)).reduce((sum, a) => sum + a.gzip, 0);
  const missing = [...homeFiles].filter((file) => !assets.some((a) => a.file === file));
  if (missing.length > 0) {
    console.error(`size-budget: manifest files missing from dist/: ${missing.join(', ')}`);
    return 1;
  }
  const homeProblems = homeRouteProblems(total, homeFiles.size);
  console.log(
    `\nhome route (critical, before home renders: entry + home screen, JS + CSS, gzip): ${kb(total)} of ${kb(HOME_ROUTE_BUDGET_BYTES)} (goal ${kb(HOME_ROUTE_GOAL_BYTES)}),` +
      ` ${homeFiles.size} files of at most ${HOME_ROUTE_MAX_FILES} — ${homeProblems.length === 0 ? 'OK' : `OVER BUDGET: ${homeProblems.join(', ')}`}`,
  );
  const documentBytes = gzipSync(readFileSync(join(distDir, 'index.html')), { level: 9 }).length;
  const documentOk = documentBytes <= DOCUMENT_BUDGET_BYTES;
  console.log(`document (index.html with its inline start script, gzip): ${kb(documentBytes)} of ${kb(DOCUMENT_BUDGET_BYTES)} — ${documentOk ? 'OK' : 'OVER BUDGET'}`);
  const idle = idleFiles(manifest, homeFiles);
  const idleBytes = assets.filter((a) => idle.includes(a.file)).reduce((sum, a) => sum + a.gzip, 0);
  const idleOk = idleBytes <= IDLE_BUDGET_BYTES;
  console.log(`loaded after home renders (idle: TanStack Query, beyond the home route, gzip): ${kb(idleBytes)} of ${kb(IDLE_BUDGET_BYTES)} — ${idleOk ? 'OK' : 'OVER BUDGET'}`);
  // What a screen opened after the first load finds loaded: the home route and the idle load.
  const loaded = new Set([...homeFiles, ...idle]);
  const recorder = recorderFiles(manifest, homeFiles);
  const recorderBytes = assets.filter((a) => recorder.includes(a.file)).reduce((sum, a) => sum + a.gzip, 0);
  const recorderInHome = homeFiles.has(manifest[RECORDER_SOURCE]!.file);
  const recorderOk = recorderBytes <= RECORDER_BUDGET_BYTES && !recorderInHome;
  console.log(
    `sale recorder (rrweb record + upload, beyond the home route, gzip): ${kb(recorderBytes)} of ${kb(RECORDER_BUDGET_BYTES)}` +
      `${recorderInHome ? ', IN THE HOME ROUTE' : ''} — ${recorderOk ? 'OK' : 'OVER BUDGET'}`,
  );

  const gzipOf = (files: readonly string[]): number => assets.filter((a) => files.includes(a.file)).reduce((sum, a) => sum + a.gzip, 0);
  console.log(
    `\nscreens' own opening downloads (beyond the first load: the home route and the idle load; JS + CSS, gzip; budget ${kb(SCREEN_BUDGET_BYTES)} each;` +
      ` a screen opened before the idle load has finished also pays what is left of it):`,
  );
  let screensOk = true;
  const rows = screenSources(manifest)
    .map((source) => {
      const files = screenFiles(manifest, source, loaded);
      return { source, bytes: gzipOf(files), files: files.length };
    })
    .sort((a, b) => b.bytes - a.bytes);
  for (const { source, bytes, files } of rows) {
    const exempt = SCREEN_BUDGET_EXCEPTIONS.has(source);
    const ceiling = SCREEN_CEILINGS_KB[source];
    const limit = ceiling === undefined ? SCREEN_BUDGET_BYTES : ceiling * 1024;
    const tooMany = files > SCREEN_MAX_FILES;
    const over = (!exempt && bytes > limit) || tooMany;
    if (over) screensOk = false;
    const name = source.replace(/^src\/web\/screens\/[^/]+\//, '');
    const note = tooMany ? `  MORE THAN ${SCREEN_MAX_FILES} FILES` : exempt ? '  (own budget or none)' : over ? '  OVER BUDGET' : ceiling !== undefined && bytes > SCREEN_BUDGET_BYTES ? `  over the goal, within its ceiling ${ceiling} KB` : '';
    console.log(`  ${name.padEnd(44)} ${kb(bytes).padStart(10)} ${String(files).padStart(3)} files${note}`);
  }
  const totalFiles = rows.reduce((sum, r) => sum + r.files, 0);
  const filesOk = totalFiles <= SCREENS_TOTAL_MAX_FILES;
  if (!filesOk) screensOk = false;
  console.log(
    `screens' opening files: at most ${Math.max(...rows.map((r) => r.files))} per screen (budget ${SCREEN_MAX_FILES}), ${totalFiles} in all ` +
      `(budget ${SCREENS_TOTAL_MAX_FILES}) — ${filesOk ? 'OK' : 'OVER BUDGET'}`,
  );
  const overGoal = rows.filter((r) => !SCREEN_BUDGET_EXCEPTIONS.has(r.source) && r.bytes > SCREEN_BUDGET_BYTES).length;
  console.log(`screens: ${overGoal} of ${rows.length} over the ${kb(SCREEN_BUDGET_BYTES)} goal — ${screensOk ? 'OK (none above its ceiling)' : 'OVER BUDGET'}`);

  const insure = manifest[INSURE_SCREEN_SOURCE];
  if (!insure?.isDynamicEntry) throw new Error(`the insure screen (${INSURE_SCREEN_SOURCE}) must be a lazy chunk`);
  const insureChunk = gzipOf([insure.file, ...(insure.css ?? [])]);
  const insureBeyond = gzipOf(screenFiles(manifest, INSURE_SCREEN_SOURCE, loaded));
  const insureOk = insureChunk <= INSURE_CHUNK_BUDGET_BYTES && insureBeyond <= INSURE_BEYOND_HOME_BUDGET_BYTES;
  console.log(
    `insure screen: own chunk ${kb(insureChunk)} of ${kb(INSURE_CHUNK_BUDGET_BYTES)} (goal ${kb(INSURE_CHUNK_GOAL_BYTES)}), ` +
      `beyond the home route and the idle load ${kb(insureBeyond)} of ${kb(INSURE_BEYOND_HOME_BUDGET_BYTES)} (goal ${kb(INSURE_BEYOND_HOME_GOAL_BYTES)}) — ${insureOk ? 'OK' : 'OVER BUDGET'}`,
  );

  const withTypeBox = assets.filter((a) => a.file.endsWith('.js') && readFileSync(join(distDir, a.file), 'utf8').includes(TYPEBOX_MARK));
  console.log(`TypeBox in the web bundle: ${withTypeBox.length === 0 ? 'none — OK' : `${withTypeBox.map((a) => a.file).join(', ')} — NOT ALLOWED`}`);

  return homeProblems.length === 0 && documentOk && idleOk && recorderOk && screensOk && insureOk && withTypeBox.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv[2] ?? 'dist');
}
