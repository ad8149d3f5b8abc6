/**
 * Starts every vendor fake on loopback (tests/fakes) and writes to FILE the
 * KEY=value lines that point a production server at them; runs until stopped
 * (Ctrl-C, SIGTERM).
 *
 * Usage: npm run fakes -- --env-file FILE   (scripts/fakes.sh hands FILE over as FAKES_ENV_FILE)
 */
import { writeFileSync } from 'node:fs';
import { startAllFakes } from '../tests/fakes/index.ts';

const file = process.env.FAKES_ENV_FILE;
if (!file) {
  console.error('Usage: npm run fakes -- --env-file FILE');
  process.exit(2);
}

const fakes = await startAllFakes();
writeFileSync(file, `${Object.entries(fakes.env).map(([key, value]) => `${key}=${value}`).join('\n')}\n`, { mode: 0o600 });
console.log(`fakes running: ${fakes.names.join('; ')}\nsettings written to ${file}`);

const stop = async () => {
  await fakes.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
