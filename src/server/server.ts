/**
 * The only file that listens: reads the environment, opens the database,
 * migrates, builds the app and serves until SIGINT/SIGTERM.
 */
import { buildApp } from './app.ts';
import { databaseOptions, loadStartConfig, type AppConfig } from './config.ts';
import { openDb } from './db/open-db.ts';
import { describeProviders } from './providers/registry.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const { settings, paymentKeys } = loadStartConfig();
  // A fresh data folder's payment sandbox keys are generated on the thread pool while the database opens.
  const [opened, keys] = await Promise.allSettled([openDb(databaseOptions(settings)), paymentKeys]);
  if (opened.status === 'rejected') throw opened.reason;
  const database = opened.value;
  if (keys.status === 'rejected') {
    await database.close();
    throw keys.reason;
  }
  const config: AppConfig = { ...settings, paymentKeys: keys.value };
  if (database.prebuilt === 'copied') console.log(`[db] new database from the build's prebuilt copy (${database.location})`);
  if (database.prebuilt === 'not-built' || database.prebuilt === 'failed') {
    console.log(
      `[db] ${database.prebuilt === 'failed' ? 'copying the prebuilt database failed' : 'no prebuilt database for this PGlite and these migrations (npm run build:server makes it)'}: ` +
        'created and migrated here instead',
    );
  }
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
  const protocol = config.tls ? { scheme: 'https', note: ', HTTP/2 and HTTP/1.1 over TLS' } : { scheme: 'http', note: '' };
  console.log(`Edu insure running at ${protocol.scheme}://localhost:${config.port}/ (${dbLabel}, ${config.nodeEnv}${protocol.note})`);
  console.log(`providers: ${describeProviders(config.providers)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
