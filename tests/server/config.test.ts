import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'edu-config-'));

describe('configuration from the environment', () => {
  it('defaults to port 8080 on all interfaces, PGlite in DATA_DIR and development helpers on', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, dataDir: dir, nodeEnv: 'development', devEndpoints: true, seed: true });
  });

  it('generates development secrets once and keeps them across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.paySandboxSecret).toBe(first.paySandboxSecret);
    expect(first.paySandboxSecret).not.toBe(first.jwtSecret);
    expect(JSON.parse(readFileSync(join(dir, 'dev-secrets.json'), 'utf8'))).toEqual({ jwtSecret: first.jwtSecret, paySandboxSecret: first.paySandboxSecret });
  });

  it('prefers secrets and settings from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '9000',
      JWT_SECRET: 'a'.repeat(40),
      PAY_SANDBOX_SECRET: 'b'.repeat(40),
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_URL: 'https://insure.example.com/',
    });
    expect(config).toMatchObject({ port: 9000, jwtSecret: 'a'.repeat(40), paySandboxSecret: 'b'.repeat(40), databaseUrl: 'postgres://u@h/db', publicUrl: 'https://insure.example.com' });
  });

  it('turns development endpoints off in production and seeding off in tests', () => {
    const secrets = { JWT_SECRET: 'a'.repeat(40), PAY_SANDBOX_SECRET: 'b'.repeat(40) };
    expect(loadConfig({ ...secrets, NODE_ENV: 'production' }).devEndpoints).toBe(false);
    expect(loadConfig({ ...secrets, NODE_ENV: 'test' })).toMatchObject({ devEndpoints: true, seed: false });
  });

  it('refuses a malformed port', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT must be a non-negative integer/);
  });
});
