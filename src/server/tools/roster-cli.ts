/**
 * `npm run roster -- load <productCode> <file.csv>`: loads a school's roster
 * for an offline product (docs/contracts.md, "Offline roster"). Bad rows are
 * printed by line with the reason; the good ones are loaded (a known ID number
 * keeps its status). Reads the server's environment (DATABASE_URL, DATA_DIR).
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { withToolDatabase } from './tool-database.ts';
import { loadManifestStore } from '../catalogue/manifest-store.ts';
import { loadRoster, parseRosterCsv } from '../contracts/roster.ts';

const USAGE = `Usage:
  npm run roster -- load <productCode> <file.csv>
      CSV header: name,idNo,schoolName,className (UTF-8). Bad rows are reported by line.`;

async function main(): Promise<number> {
  const [command, productCode, file] = process.argv.slice(2);
  if (command !== 'load' || !productCode || !file) {
    console.log(USAGE);
    return 1;
  }
  const config = loadConfig();
  const manifest = loadManifestStore(config.manifestsDir).byProductCode(productCode);
  if (!manifest?.contract?.roster) {
    console.error(`${productCode}: no product with a roster (manifest contract.roster)`);
    return 1;
  }
  let csv: string;
  try {
    csv = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    return 1;
  }
  const { entries, problems } = parseRosterCsv(csv);
  for (const problem of problems) console.error(`${file}:${problem.line}  ${problem.reason}`);
  return withToolDatabase(config, async (database) => {
    const loaded = await loadRoster(database.db, manifest.productCode, entries);
    console.log(`${manifest.productName}: ${loaded} rows loaded, ${problems.length} refused`);
    return problems.length > 0 ? 2 : 0;
  });
}

process.exitCode = await main();
