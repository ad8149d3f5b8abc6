/**
 * The only file that listens: reads the environment, opens the database,
 * migrates, builds the app and serves until SIGINT/SIGTERM.
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/open-db.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // The school directory is reference data, seeded in every mode (e2e runs in test mode without demo data).
  const app = await buildApp({ db: database.db, config, seedSchools: true }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const dbLabel = database.kind === 'postgres' ? 'PostgreSQL' : database.location;
  console.log(`Edu insure running at http://localhost:${config.port}/ (${dbLabel}, ${config.nodeEnv})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
