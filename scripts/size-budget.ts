/**
 * Size budget of the home route: the JS and CSS a phone downloads before the
 * home screen can render. Reads vite's build manifest (dist/.vite/manifest.json),
 * walks the chunk graph from the entry and from the home screen's lazy chunk
 * (static imports, transitively, with their CSS), prints every chunk's gzipped
 * size and exits 1 when the home route exceeds the budget.
 *
 * Usage: tsx scripts/size-budget.ts [distDir]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 150 KB gzipped (150 × 1024 bytes). */
export const HOME_ROUTE_BUDGET_BYTES = 150 * 1024;
/** The home screen module, as vite names it in the manifest. */
export const HOME_SCREEN_SOURCE = 'src/web/screens/home/home-screen.tsx';

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

/** The files of the home route: the entry's static closure plus the home screen chunk's. */
export function homeRouteFiles(manifest: BuildManifest, homeSource = HOME_SCREEN_SOURCE): string[] {
  const home = manifest[homeSource];
  if (!home) throw new Error(`the home screen (${homeSource}) is not a chunk of the build`);
  if (home.isEntry || !home.isDynamicEntry) throw new Error(`the home screen must be a lazy chunk (dynamic import)`);
  return staticClosure(manifest, [entryKey(manifest), homeSource]);
}

/** The sale recorder (issue 13, docs/recording.md): its own lazy chunk, at most 30 KB gzipped with what it loads. */
export const RECORDER_SOURCE = 'src/web/recording/recorder.ts';
export const RECORDER_BUDGET_BYTES = 30 * 1024;

/** What starting the recorder downloads beyond the home route: its chunk's static closure minus the home route's files. */
export function recorderFiles(manifest: BuildManifest, homeFiles: ReadonlySet<string>): string[] {
  if (!manifest[RECORDER_SOURCE]?.isDynamicEntry) throw new Error(`the recorder (${RECORDER_SOURCE}) must be a lazy chunk`);
  return staticClosure(manifest, [RECORDER_SOURCE]).filter((file) => !homeFiles.has(file));
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
  const verdict = total <= HOME_ROUTE_BUDGET_BYTES ? 'OK' : 'OVER BUDGET';
  console.log(`\nhome route (entry + home screen, JS + CSS, gzip): ${kb(total)} of ${kb(HOME_ROUTE_BUDGET_BYTES)} — ${verdict}`);
  const recorder = recorderFiles(manifest, homeFiles);
  const recorderBytes = assets.filter((a) => recorder.includes(a.file)).reduce((sum, a) => sum + a.gzip, 0);
  const recorderInHome = homeFiles.has(manifest[RECORDER_SOURCE]!.file);
  const recorderOk = recorderBytes <= RECORDER_BUDGET_BYTES && !recorderInHome;
  console.log(
    `sale recorder (rrweb record + upload, beyond the home route, gzip): ${kb(recorderBytes)} of ${kb(RECORDER_BUDGET_BYTES)}` +
      `${recorderInHome ? ', IN THE HOME ROUTE' : ''} — ${recorderOk ? 'OK' : 'OVER BUDGET'}`,
  );
  return total <= HOME_ROUTE_BUDGET_BYTES && recorderOk ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv[2] ?? 'dist');
}
