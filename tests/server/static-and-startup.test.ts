import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadManifestStore, ManifestError } from '../../src/server/catalogue/manifest-store.ts';
import { makeTestApp, openTestDb, testConfig, type TestApp } from './helpers.ts';

describe('static web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'edu-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>学平险</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await makeTestApp({ config: { distDir: dist } });
  });
  afterAll(() => t.close());

  it('serves index.html at / and makes browsers revalidate it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('lets browsers keep hashed assets forever', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets browsers keep the site icon for a day (asked again on every hash route change)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('still answers unknown API routes with the JSON envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/_gw/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: '4004', msg: '接口不存在', data: null });
  });
});

describe('start-up checks', () => {
  const badDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'edu-manifests-'));
    const good = JSON.parse(readFileSync('manifests/jining-student-accident.json', 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'jining-student-accident.json'), JSON.stringify(good));
    writeFileSync(join(dir, 'broken.json'), JSON.stringify({ ...good, id: 'broken', plans: [] }));
    writeFileSync(join(dir, 'not-json.json'), '{');
    return dir;
  };

  it('refuses a catalogue with invalid manifests, naming file, pointer and problem', () => {
    let error: unknown;
    try {
      loadManifestStore(badDir());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ManifestError);
    const message = (error as Error).message;
    expect(message).toMatch(/broken\.json {2}\/plans {2}/);
    expect(message).toMatch(/not-json\.json {2}\/ {2}JSON syntax error/);
  });

  it('does not build an app on an invalid catalogue', async () => {
    const database = await openTestDb('pglite');
    try {
      await expect(buildApp({ db: database.db, config: testConfig({ manifestsDir: badDir() }), logger: false })).rejects.toThrow(ManifestError);
    } finally {
      await database.close();
    }
  });

  it('makes the server process exit with the readable report (file  /pointer  message  (hint))', () => {
    const dir = badDir();
    const good = JSON.parse(readFileSync('manifests/jining-student-accident.json', 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'typo.json'), JSON.stringify({ ...good, id: 'typo', productCode: '97PR000002', routes: ['/typoDetails'], prodcutName: 'x' }));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'memory://', MANIFESTS_DIR: dir, DATA_DIR: mkdtempSync(join(tmpdir(), 'edu-data-')), LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 80_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid product manifests:');
    // Lines name the file, the JSON pointer, the problem and, where there is one, a hint in brackets.
    expect(run.stderr).toMatch(/broken\.json {2}\/plans {2}\S.*/);
    expect(run.stderr).toMatch(/not-json\.json {2}\/ {2}JSON syntax error/);
    expect(run.stderr).toMatch(/typo\.json {2}\/prodcutName {2}unknown property "prodcutName" {2}\(did you mean "productName"\? remove it .+\)$/m);
    expect(run.stdout).not.toContain('running at');
    // A child process compiling the server with tsx: under a loaded CI machine this alone has taken over 30 s.
  }, 90_000);

  it('indexes the catalogue by product code and by route', () => {
    const store = loadManifestStore('manifests');
    expect(store.byProductCode('25PR320300')?.id).toBe('xuzhou-student-accident-2025');
    expect(store.byRoute('/guanAiBaoDetails')?.productCode).toBe('21PR000316');
    expect(store.byRoute('/nowhere')).toBeUndefined();
  });
});
