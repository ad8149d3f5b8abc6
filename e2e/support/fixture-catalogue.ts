import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../../tests/support/server-process.ts';
import { test } from './test.ts';

/** What a spec on the fixture catalogue reaches: the server and an API context on it (set once its beforeAll ran). */
export interface FixtureCatalogue {
  readonly server: ServerProcess;
  readonly api: APIRequestContext;
}

/**
 * Starts, before the calling spec's tests, the compiled server (built before
 * the suite) on the fixture catalogue of tests/fixtures/suzhou-catalogue/
 * only, with an empty database, and stops it after them; the main suite's
 * server keeps the real catalogue.
 */
export function useSuzhouCatalogue(): FixtureCatalogue {
  let server: ServerProcess | undefined;
  let api: APIRequestContext | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServerProcess(
      {
        MANIFESTS_DIR: 'tests/fixtures/suzhou-catalogue',
        DIST_DIR: 'dist',
        DATABASE_URL: 'memory://',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'edu-e2e-suzhou-')),
        LOG_LEVEL: 'warn',
        SMS_PER_IP_PER_HOUR: '1000',
        RECORDING_STARTS_PER_IP_PER_HOUR: '100000',
      },
      'dist-server/server.mjs',
    );
    api = await apiRequest.newContext({ baseURL: server.base });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the fixture catalogue server is not started (use it inside a test)');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get api() {
      return started(api);
    },
  };
}
