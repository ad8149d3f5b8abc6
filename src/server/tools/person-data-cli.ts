/**
 * `npm run person-data -- rotate`: after PERSON_DATA_KEY was changed (the old
 * value moved to PERSON_DATA_KEY_PREVIOUS), seals every saved person's ID
 * number and every claim's bank account again under the new key; once it
 * reports nothing unreadable, PERSON_DATA_KEY_PREVIOUS can be removed
 * (docs/accounts.md#family-members). Reads the server's environment
 * (DATABASE_URL, DATA_DIR, PERSON_DATA_KEY, PERSON_DATA_KEY_PREVIOUS).
 */
import { loadConfig } from '../config.ts';
import { rotatePersonData } from '../family/operations/rotate-person-data.ts';
import { createPersonCrypto } from '../family/person-crypto.ts';
import { withToolDatabase } from './tool-database.ts';

const USAGE = `Usage:
  npm run person-data -- rotate    seals the saved people's ID numbers and the claims' bank accounts again under PERSON_DATA_KEY`;

async function main(): Promise<number> {
  if (process.argv[2] !== 'rotate' || process.argv.length > 3) {
    console.log(USAGE);
    return process.argv[2] === '--help' || process.argv[2] === '-h' ? 0 : 1;
  }
  const config = loadConfig();
  const crypto = createPersonCrypto(config.personDataKey, config.personDataPreviousKeys);
  return withToolDatabase(config, async (database) => {
    const result = await rotatePersonData(database.db, crypto);
    console.log(`sealed again under PERSON_DATA_KEY: ${result.people} saved people, ${result.accounts} claims' bank accounts`);
    if (result.unreadable > 0) {
      console.error(`${result.unreadable} value(s) no key opens: keep PERSON_DATA_KEY_PREVIOUS until the key they were sealed under is found`);
      return 1;
    }
    console.log('every value opens under PERSON_DATA_KEY: PERSON_DATA_KEY_PREVIOUS can be removed');
    return 0;
  });
}

process.exitCode = await main();
