/**
 * `npm start`: builds what is missing or stale, then runs the compiled server
 * with plain `node` (in this process, so SIGTERM reaches its graceful shutdown).
 *
 * Plain JavaScript on purpose: it must run in a production install, where
 * tsx, Vite and esbuild (devDependencies) are absent. There a stale or
 * missing build cannot be rebuilt: it says so and starts what exists (or
 * stops when there is no server build at all).
 *
 * Stale means the content of the inputs changed since the build: start keeps
 * a SHA-256 of every input file's path and bytes, and each input's size and
 * modification time, next to each build's stamp (`<stamp>.sources.json`,
 * scripts/lib/input-stamps.mjs) and rebuilds only when the content differs.
 * Sizes and times equal to the recorded ones mean no file is read at all (an
 * unchanged tree costs stat calls); when one differs the contents are hashed.
 * Content, not modification times, decides: a fresh clone, a branch switch
 * or a `touch` gives files new times without changing them. A build without
 * a record of its own (made by `npm run build` directly, which changes the
 * stamp) is judged once by times, then recorded.
 * The inputs:
 * - web app (dist/.vite/build-stamp, written by vite.config.ts after the precompression):
 *   src/web, src/contract, src/engine, schemas/, index.html, vite.config.ts, public/, package-lock.json;
 * - server (dist-server/build-stamp, written by scripts/build-server.mjs):
 *   src/server, src/engine, src/contract, schemas/, scripts/build-server.mjs, package-lock.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { filesUnder, readRecord, recordInputs, unchangedSince } from './lib/input-stamps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** Newest modification time (ms) under the given files and folders; 0 when none exists. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

/** File contents by path: the two targets share inputs (src/engine, src/contract, schemas, the lock file), read once. */
const contents = new Map();
const contentOf = (path) => {
  let bytes = contents.get(path);
  if (!bytes) {
    bytes = readFileSync(join(root, path));
    contents.set(path, bytes);
  }
  return bytes;
};

const stampTime = (path) => (existsSync(join(root, path)) ? statSync(join(root, path)).mtimeMs : 0);
const hasPackage = (name) => existsSync(join(root, 'node_modules', name, 'package.json'));

const targets = [
  {
    name: 'web app',
    script: 'build:web',
    stamp: 'dist/.vite/build-stamp',
    output: 'dist/index.html',
    inputs: ['src/web', 'src/contract', 'src/engine', 'schemas', 'index.html', 'vite.config.ts', 'public', 'package-lock.json'],
    tools: ['vite', 'tsx'],
  },
  {
    name: 'server',
    script: 'build:server',
    stamp: 'dist-server/build-stamp',
    output: 'dist-server/server.mjs',
    inputs: ['src/server', 'src/engine', 'src/contract', 'schemas', 'scripts/build-server.mjs', 'package-lock.json'],
    tools: ['esbuild'],
  },
];

for (const target of targets) {
  // A production install has the builds but not their sources: nothing to compare.
  if (existsSync(join(root, target.output)) && !target.inputs.some((p) => p.startsWith('src') && existsSync(join(root, p)))) continue;
  const recordPath = join(root, `${target.stamp}.sources.json`);
  const files = filesUnder(root, target.inputs);
  const stamp = stampTime(target.stamp);
  const missing = stamp === 0 || !existsSync(join(root, target.output));
  const record = readRecord(recordPath);
  const own = record !== undefined && record.stampTime === stamp;
  const fresh = !missing && (own ? unchangedSince(root, files, recordPath, record, contentOf) : newestMtime(target.inputs) <= stamp);
  if (fresh) {
    if (!own) recordInputs(root, files, recordPath, { stampTime: stamp }, contentOf);
    continue;
  }
  const why = missing ? 'not built yet' : 'sources changed since the last build';
  const absentTools = target.tools.filter((tool) => !hasPackage(tool));
  if (absentTools.length > 0) {
    console.warn(
      `[start] ${target.name}: ${why}, but the build tools (${absentTools.join(', ')}) are not installed ` +
        `(production install?). Run \`npm run build\` where devDependencies are installed; starting with what exists.`,
    );
    continue;
  }
  console.log(`[start] ${target.name}: ${why}; running npm run ${target.script}`);
  const result = spawnSync('npm', ['run', target.script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] npm run ${target.script} failed`);
    process.exit(result.status ?? 1);
  }
  recordInputs(root, files, recordPath, { stampTime: stampTime(target.stamp) }, contentOf);
}

const server = join(root, 'dist-server', 'server.mjs');
if (!existsSync(server)) {
  console.error('[start] dist-server/server.mjs is missing: run `npm run build` first.');
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(server).href);
