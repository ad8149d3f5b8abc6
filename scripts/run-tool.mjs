/**
 * Runs an operator command written in TypeScript (`manifests:check`,
 * `manifests:quote`, `manifests:preview`, `new-product`) from a prebuilt
 * esbuild bundle instead of compiling it with tsx on every run (goal:
 * the whole `manifests:check` process under 300 ms cold; tsx's start-up and
 * compile were ~400 ms of it).
 *
 *   node scripts/run-tool.mjs scripts/manifests-check.ts [args …]
 *
 * The bundle is kept in node_modules/.cache/edu-insure/tools/<name>.mjs with
 * the list of its input files (esbuild's metafile: the script, every module of
 * src/ and scripts/ it imports, the JSON schemas), plus package-lock.json and
 * this file. Packages are bundled too. It is rebuilt only when the content of an input changed, as
 * `npm start` decides for the web app and the server (scripts/start.mjs): a
 * run first compares each input's size and modification time with the
 * recorded ones (a few stat calls), and only when one differs hashes the
 * contents (SHA-256), so a fresh clone, a branch switch or a `touch` costs one
 * hash, not a rebuild.
 *
 * `import.meta.url` in a bundled module is replaced by the URL of its source
 * file, so paths such as `new URL('../manifests', import.meta.url)` mean
 * what they mean under tsx. `process.argv[1]` is the script's source path.
 * Those URLs are absolute, so each project folder has its own bundles (the
 * name ends in a hash of the folder): a git worktree whose node_modules is a
 * link to another checkout's never runs a bundle that reads and writes the
 * other checkout's manifests/.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readRecord, recordInputs, unchangedSince } from './lib/input-stamps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TOOLS_CACHE_DIR = join(root, 'node_modules', '.cache', 'edu-insure', 'tools');
/** Inputs of every bundle besides its own modules: the launcher (how bundles are made) and the lock file (esbuild's and the packages' versions). */
const ALWAYS = ['scripts/run-tool.mjs', 'scripts/lib/input-stamps.mjs', 'package-lock.json'];

/** Whether the recorded bundle is up to date (its recorded inputs unchanged). */
function isFresh(bundle, recordFile) {
  if (!existsSync(bundle)) return false;
  const record = readRecord(recordFile);
  const files = Object.keys(record?.stamps ?? {});
  return files.length > 0 && unchangedSince(root, files, recordFile, record);
}

/** esbuild plugin: `import.meta.url` of each project module becomes its source file's URL. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const ext = args.path.split('.').pop();
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: ext.endsWith('ts') ? 'ts' : 'js' };
    });
  },
};

/** Bundles `script` into `bundle` and records its inputs. */
async function build(script, bundle, recordFile) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    console.error(`[run-tool] esbuild is not installed (a production install?): run \`npm ci\` where devDependencies are installed, or \`npx tsx ${script}\`.`);
    process.exit(1);
  }
  mkdirSync(dirname(bundle), { recursive: true });
  const partial = `${bundle}.${process.pid}.tmp.mjs`;
  const result = await esbuild.build({
    entryPoints: [join(root, script)],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Packages bundled too (ajv, TypeBox): one file to parse instead of resolving and loading a hundred CommonJS modules (~15 % of the process); their versions are in package-lock.json, an input.
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls],
    absWorkingDir: root,
  });
  renameSync(partial, bundle);
  const inputs = [...new Set([...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')), ...ALWAYS])].sort();
  recordInputs(root, inputs, recordFile, { script });
}

/**
 * The bundle of `script` (a path under scripts/, relative to the project),
 * built first when missing or stale. Returns its path.
 */
export async function toolBundle(script) {
  const name = `${basename(script).replace(/\.[cm]?ts$/, '')}-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`;
  const bundle = join(TOOLS_CACHE_DIR, `${name}.mjs`);
  const recordFile = join(TOOLS_CACHE_DIR, `${name}.inputs.json`);
  if (!isFresh(bundle, recordFile)) await build(script, bundle, recordFile);
  return bundle;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [script, ...args] = process.argv.slice(2);
  if (!script || !/^scripts\/[\w./-]+\.ts$/.test(relative(root, resolve(root, script)))) {
    console.error('Usage: node scripts/run-tool.mjs scripts/<tool>.ts [args …]');
    process.exit(2);
  }
  const rel = relative(root, resolve(root, script));
  const bundle = await toolBundle(rel);
  process.argv = [process.argv[0], join(root, rel), ...args];
  await import(pathToFileURL(bundle).href);
}
