/**
 * `npm run manifests:preview -- <code> --url <origin>` uses the app running there and starts nothing:
 * it prints the product's detail, insure and confirm addresses on that origin, warns when the running app
 * does not serve the product yet, and says so when nothing answers there.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Server;
let origin: string;
const asked: string[] = [];

beforeAll(async () => {
  // A running app as far as the preview can tell: /healthz, and the product attributes call answering 0000
  // for the product it serves (徐州 2025) only.
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url === '/healthz') return void response.end('ok');
    const served = request.url === '/_gw/prod-svc/api/v1/attr/25PR320300/edu';
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(served ? { code: '0000', msg: 'success', data: {} } : { code: '4004', msg: '产品不存在', data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The command run asynchronously: the app it talks to runs in this process. */
const preview = (args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('node', ['scripts/run-tool.mjs', 'scripts/manifests-preview.ts', ...args], { env: { ...process.env, PREVIEW_URL: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

describe('npm run manifests:preview', () => {
  it('prints the addresses on the app --url names, without starting one', async () => {
    const run = await preview(['25PR320300', '--url', `${origin}/some/page`]);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').slice(0, 4)).toEqual([
      `Using the server running at ${origin}/.`,
      `1. detail   ${origin}/#/xuzhouStudentSafetyDetails`,
      `2. insure   ${origin}/#/insure?productCode=25PR320300`,
      `3. confirm  ${origin}/#/confirm?productCode=25PR320300   (after filling the insure form)`,
    ]);
    expect(run.stdout).not.toContain('Starting the server');
    expect(run.stderr).not.toContain('does not know');
    expect(asked).toContain('/healthz');
  });

  it('warns when the running app does not serve the product yet', async () => {
    const run = await preview(['jining-student-accident', `--url=${origin}`]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/The running server does not know \w+ yet: restart it/);
  });

  it('says when nothing answers at --url, and refuses an address that is not http(s)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dead = await preview(['25PR320300', '--url', `http://127.0.0.1:${port}`]);
    expect(dead.status).toBe(1);
    expect(dead.stderr).toContain(`No app answers http://127.0.0.1:${port}/healthz`);
    const ftp = await preview(['25PR320300', '--url', 'ftp://example.com']);
    expect(ftp.status).toBe(2);
    expect(ftp.stderr).toContain('not an http(s) address');
  });
});
