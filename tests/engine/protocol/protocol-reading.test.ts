import { describe, expect, it } from 'vitest';
import {
  allRead,
  emptyReading,
  firstUnread,
  groupClauses,
  markAllRead,
  markRead,
  readCount,
  readingBlock,
  restoreReading,
  setAgreed,
} from '../../../src/engine/protocol/protocol-reading.ts';
import { readdirSync, readFileSync } from 'node:fs';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';

function loadManifests(): ProductManifest[] {
  const dir = new URL('../../../manifests/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ProductManifest);
}

const names = ['投保须知', '保险条款', '免责说明'];

describe('protocol reading (spec §4)', () => {
  it('groups notices of type 2 and 3 apart from the others, keeping order', () => {
    const clauses = [
      { name: 'a', notificationType: 1 },
      { name: 'b', notificationType: 3 },
      { name: 'c' },
      { name: 'd', notificationType: 2 },
      { name: 'e', notificationType: 4 },
    ];
    const { notices, others } = groupClauses(clauses);
    expect(notices.map((c) => c.name)).toEqual(['b', 'd']);
    expect(others.map((c) => c.name)).toEqual(['a', 'c', 'e']);
  });

  it('needs every listed clause read: read count equals list count', () => {
    let s = emptyReading('P1');
    expect(allRead(s, names)).toBe(false);
    s = markRead(s, '投保须知');
    s = markRead(s, '投保须知');
    expect(readCount(s, names)).toBe(1);
    s = markRead(s, '保险条款');
    expect(allRead(s, names)).toBe(false);
    expect(firstUnread(s, names)).toBe(2);
    expect(readingBlock(s, names)).toBe('unread');
    s = markRead(s, '免责说明');
    expect(readCount(s, names)).toBe(3);
    expect(allRead(s, names)).toBe(true);
    expect(firstUnread(s, names)).toBe(-1);
    expect(readingBlock(s, names)).toBe('notAgreed');
    expect(readingBlock(s, names, false)).toBeNull();
  });

  it('an empty list never counts as read (the count must be nonzero)', () => {
    const s = markAllRead(emptyReading('P1'), []);
    expect(allRead(s, [])).toBe(false);
    expect(readingBlock(s, [])).toBe('unread');
    expect(s.agreed).toBe(false);
  });

  it('clauses read that are no longer listed do not count', () => {
    const s = markRead(markRead(emptyReading('P1'), 'old clause'), '投保须知');
    expect(readCount(s, names)).toBe(1);
  });

  it('read-all marks every clause read and ticks the box', () => {
    const s = markAllRead(markRead(emptyReading('P1'), '保险条款'), names);
    expect(allRead(s, names)).toBe(true);
    expect(s.agreed).toBe(true);
    expect(readingBlock(s, names)).toBeNull();
  });

  it('the box cannot be ticked before every clause is read', () => {
    let s = setAgreed(markRead(emptyReading('P1'), '投保须知'), names, true);
    expect(s.agreed).toBe(false);
    s = setAgreed(markAllRead(s, names), names, false);
    expect(s.agreed).toBe(false);
    expect(readingBlock(s, names)).toBe('notAgreed');
    s = setAgreed(s, names, true);
    expect(readingBlock(s, names)).toBeNull();
  });

  it('restores a stored state of the same product only, dropping malformed parts', () => {
    const stored = JSON.parse(JSON.stringify(markAllRead(emptyReading('P1'), names))) as unknown;
    expect(restoreReading(stored, 'P1')).toEqual({ productCode: 'P1', read: names, agreed: true });
    expect(restoreReading(stored, 'P2')).toEqual(emptyReading('P2'));
    expect(restoreReading(null, 'P1')).toEqual(emptyReading('P1'));
    expect(restoreReading('x', 'P1')).toEqual(emptyReading('P1'));
    expect(restoreReading({ productCode: 'P1', read: 'nope' }, 'P1')).toEqual(emptyReading('P1'));
    expect(restoreReading({ productCode: 'P1', read: ['a', 3, 'a'], agreed: 'yes' }, 'P1')).toEqual({ productCode: 'P1', read: ['a'], agreed: false });
  });

  it('every manifest has clauses to read, so its insure step can be unblocked', () => {
    for (const manifest of loadManifests()) {
      const list = manifest.protocols.map((p) => p.name);
      const { notices, others } = groupClauses(manifest.protocols);
      expect(notices.length + others.length).toBe(list.length);
      expect(allRead(emptyReading(manifest.productCode), list)).toBe(false);
      expect(allRead(markAllRead(emptyReading(manifest.productCode), list), list)).toBe(true);
    }
  });
});
