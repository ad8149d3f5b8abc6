/**
 * Runs the Playwright suite when a Chromium is installed. Without one, a local
 * run warns loudly and passes (the rest of `npm test` still counts), while CI
 * (CI=true) fails: there the suite must run.
 *
 * Usage: tsx scripts/run-e2e.ts [playwright test args…]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  (path): path is string => Boolean(path),
);
const chromium = candidates.find((path) => existsSync(path));

if (!chromium) {
  const message = 'e2e SKIPPED: no Chromium found; install Debian\'s chromium (apt-get install chromium) or set CHROMIUM_PATH';
  const bar = '!'.repeat(message.length + 8);
  const banner = `\n${bar}\n!!! ${message} !!!\n${bar}\n`;
  if (process.env.CI === 'true') {
    console.error(banner);
    process.exit(1);
  }
  console.warn(banner);
  process.exit(0);
}

console.log(`e2e: using Chromium at ${chromium}`);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
if (result.error) {
  console.error(`e2e: could not start Playwright: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
