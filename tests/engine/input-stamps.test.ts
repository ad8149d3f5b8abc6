import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesUnder, readRecord, recordInputs, unchangedSince } from '../../scripts/lib/input-stamps.mjs';

let root: string;
const record = () => join(root, 'record.json');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'input-stamps-'));
  mkdirSync(join(root, 'src/a'), { recursive: true });
  writeFileSync(join(root, 'src/a/one.ts'), 'export const one = 1;\n');
  writeFileSync(join(root, 'src/two.ts'), 'export const two = 2;\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build freshness by content (npm start, operator command bundles)', () => {
  it('lists files in a stable order and records their hash and stamps', () => {
    const files = filesUnder(root, ['src', 'missing']);
    expect(files).toEqual(['src/a/one.ts', 'src/two.ts']);
    recordInputs(root, files, record(), { stampTime: 1 });
    expect(readRecord(record())).toMatchObject({ stampTime: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), stamps: { 'src/two.ts': [22, expect.any(Number)] } });
    expect(unchangedSince(root, files, record())).toBe(true);
  });

  it('a touch (new times, same bytes) is still fresh, and the new times are kept so the next run reads no file', () => {
    const files = filesUnder(root, ['src']);
    recordInputs(root, files, record());
    utimesSync(join(root, 'src/two.ts'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(unchangedSince(root, files, record())).toBe(true);
    expect(readRecord(record())!.stamps['src/two.ts']![1]).toBe(new Date(2030, 0, 1).getTime());
    let reads = 0;
    expect(unchangedSince(root, files, record(), undefined, (f: string) => (reads++, readFileSync(join(root, f))))).toBe(true);
    expect(reads).toBe(0);
  });

  it('changed bytes, a removed file or an added file make it stale', () => {
    const files = filesUnder(root, ['src']);
    recordInputs(root, files, record());
    writeFileSync(join(root, 'src/two.ts'), 'export const two = 3;\n');
    expect(unchangedSince(root, files, record())).toBe(false);
    recordInputs(root, files, record());
    writeFileSync(join(root, 'src/three.ts'), 'export {};\n');
    expect(unchangedSince(root, filesUnder(root, ['src']), record())).toBe(false);
    rmSync(join(root, 'src/a/one.ts'));
    expect(unchangedSince(root, files, record())).toBe(false);
    expect(unchangedSince(root, files, join(root, 'no-record.json'))).toBe(false);
  });
});
