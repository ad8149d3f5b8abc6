/**
 * Probes for a load balancer or an orchestrator, outside /_gw and without
 * log-in: `/healthz` says the process serves, `/readyz` that it can do its
 * work (database answers, migrations applied, catalogue loaded).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ManifestStore } from '../catalogue/manifest-store.ts';
import type { Db } from '../db/db.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';

export interface HealthDeps {
  db: Db;
  manifests: ManifestStore;
  /** Migrations the code expects; defaults to the entries of the checked-in journal. */
  expectedMigrations?: number;
  /** A check slower than this counts as failed, ms. */
  checkTimeoutMs?: number;
}

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

type CheckName = 'database' | 'migrations' | 'manifests';
type CheckResult = 'ok' | 'failed' | 'timeout' | `missing ${number} of ${number}`;

/** Entries of drizzle's migration journal next to the migrations. */
export function journalMigrationCount(folder: string = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries?: unknown[] };
  return journal.entries?.length ?? 0;
}

/** Probes are exempt from the overload check (they must keep answering) and log only warnings. */
const PROBE_OPTIONS = {
  logLevel: 'warn',
  config: { overloadExempt: true },
} as const;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  const expected = deps.expectedMigrations ?? journalMigrationCount();
  const timeoutMs = deps.checkTimeoutMs ?? 2000;

  async function checkDatabase(): Promise<CheckResult> {
    await deps.db.execute(sql`select 1`);
    return 'ok';
  }
  async function checkMigrations(): Promise<CheckResult> {
    // drizzle's migrator records each applied migration in drizzle.__drizzle_migrations.
    const result = await deps.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { applied: number }[];
    const applied = Number(rows[0]?.applied ?? 0);
    return applied >= expected ? 'ok' : `missing ${expected - applied} of ${expected}`;
  }
  async function checkManifests(): Promise<CheckResult> {
    return deps.manifests.all.length > 0 ? 'ok' : 'failed';
  }

  const run = async (name: CheckName, check: () => Promise<CheckResult>): Promise<[CheckName, CheckResult]> => {
    try {
      return [name, await withTimeout(check(), timeoutMs)];
    } catch (error) {
      app.log.warn({ err: error, check: name }, 'readiness check failed');
      return [name, 'failed'];
    }
  };

  app.get(HEALTH_PATH, PROBE_OPTIONS, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(READY_PATH, PROBE_OPTIONS, async (_request, reply) => {
    const results = await Promise.all([
      run('database', checkDatabase),
      run('migrations', checkMigrations),
      run('manifests', checkManifests),
    ]);
    const checks = Object.fromEntries(results) as Record<CheckName, CheckResult>;
    const failed = results.filter(([, result]) => result !== 'ok').map(([name]) => name);
    reply.header('cache-control', 'no-store');
    if (failed.length > 0) return reply.status(503).send({ status: 'unavailable', failed, checks });
    return { status: 'ok', checks };
  });
}
