/**
 * `npm run manifests:preview -- <productCode or id> [--url <origin>]`: the
 * addresses to open for a product — detail, insure and confirm pages — on a
 * running app. With `--url` (or PREVIEW_URL) it uses that app (a staging
 * server, `npm run dev` on another port) and starts nothing. Otherwise it
 * reuses the server on 127.0.0.1:PORT (default 8080) when it answers /healthz,
 * or starts one as `npm start` does (`node scripts/start.mjs`) in the
 * background, listening on loopback only (HOST=127.0.0.1 unless HOST is set:
 * a preview of an unfinished product is not for the office network), its log
 * in data/preview-server.log, and waits for it. The insure and confirm pages
 * ask for the SMS log-in first (development: the code is printed in the server
 * log; demo account 13800138000).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_ROUTES } from '../src/contract/app-routes.ts';
import { formatProblem } from '../src/engine/manifest/index.ts';
import { ManifestError, loadManifestStore } from '../src/server/catalogue/manifest-store.ts';
import { parseCommandLine } from './lib/command-line.ts';
import { findManifest } from './lib/find-manifest.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Usage: npm run manifests:preview -- <productCode or id> [--url <origin of a running app>]   e.g. npm run manifests:preview -- 25PR320300';
const { values, positionals } = parseCommandLine(USAGE, { url: { type: 'string' } });
const given = values.url ?? process.env.PREVIEW_URL;
const asked = positionals[0];
if (!asked || positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
let base = `http://127.0.0.1:${process.env.PORT || '8080'}`;
if (given !== undefined) {
  try {
    const url = new URL(given);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    base = url.origin;
  } catch {
    console.error(`--url ${given || '(empty)'}: not an http(s) address such as http://127.0.0.1:5173\n${USAGE}`);
    process.exit(2);
  }
}

let route: string;
let code: string;
try {
  const manifest = findManifest(loadManifestStore(process.env.MANIFESTS_DIR ?? `${root}/manifests`), asked);
  if (!manifest) {
    console.error(`No manifest has product code or id ${asked} (npm run manifests:check lists the catalogue).`);
    process.exit(1);
  }
  route = manifest.routes[0]!;
  code = manifest.productCode;
} catch (error) {
  if (!(error instanceof ManifestError)) throw error;
  for (const p of error.problems) console.error(formatProblem(p));
  console.error('\nThe server would refuse to start with these problems: fix them first (npm run manifests:check).');
  process.exit(1);
}

const alive = async () => {
  try {
    return (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};

/** Whether the running server already serves this product (a server started before the manifest was added does not). */
const serves = async () => {
  try {
    const answer = (await (await fetch(`${base}/_gw/prod-svc/api/v1/attr/${code}/edu`, { signal: AbortSignal.timeout(3000) })).json()) as { code?: string };
    return answer.code === '0000';
  } catch {
    return false;
  }
};

if (await alive()) {
  console.log(`Using the server running at ${base}/.`);
} else if (given !== undefined) {
  console.error(`No app answers ${base}/healthz: start it, or leave out --url to start one here.`);
  process.exit(1);
} else {
  mkdirSync(`${root}/data`, { recursive: true });
  const log = openSync(`${root}/data/preview-server.log`, 'a');
  // `node scripts/start.mjs` (what npm start runs), not `npm start`: the pid printed is then the server's own, and
  // `kill <pid>` stops it (killing an npm process leaves its node child running).
  const env = { ...process.env, HOST: process.env.HOST ?? '127.0.0.1' };
  const child = spawn(process.execPath, [`${root}/scripts/start.mjs`], { cwd: root, detached: true, stdio: ['ignore', log, log], env });
  child.unref();
  console.log(`Starting the server on ${env.HOST} (npm start, pid ${child.pid}; log: data/preview-server.log; stop it with kill ${child.pid}) …`);
  const until = Date.now() + 180_000;
  while (!(await alive())) {
    if (Date.now() > until) {
      console.error('The server did not answer within 3 minutes: see data/preview-server.log.');
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
if (!(await serves())) {
  console.warn(`The running server does not know ${code} yet: restart it (it reads the manifests at start; npm run dev reloads them on change).`);
}
const query = `productCode=${encodeURIComponent(code)}`;
console.log(`1. detail   ${base}/#${route}`);
console.log(`2. insure   ${base}/#${APP_ROUTES.insure.path}?${query}`);
console.log(`3. confirm  ${base}/#${APP_ROUTES.confirm.path}?${query}   (after filling the insure form)`);
console.log(`   all products with their check status: ${base}/#${APP_ROUTES.catalogue.path}`);
