/** The two clause lists of the insure page (spec §3 protocol items, §4 Protocol reading). */
import { describe, expect, it } from 'vitest';
import type { Protocol } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { groupProtocols, paragraphs } from '../../../src/web/features/insure/renderers/insure/protocol-groups.ts';
import { guardian, jining, xuzhou } from './fixtures.ts';

const names = (list: readonly Protocol[]) => list.map((p) => p.name);

function clause(name: string, notificationType?: number): Protocol {
  return { name, valueMark: 'insuranceClauses', content: `${name}的内容`, ...(notificationType === undefined ? {} : { notificationType }) };
}

describe('groupProtocols', () => {
  it('puts notice types 2 and 3 in one group and the rest in the other (Xuzhou)', () => {
    const { notices, others } = groupProtocols(xuzhou.protocols);
    expect(names(notices)).toEqual(['投保须知', '学生意外伤害保险条款']);
    expect(names(others)).toEqual(['个人信息授权声明']);
  });

  it('groups the real manifests: Jining has only notices, 关爱宝 one of each', () => {
    expect(names(groupProtocols(jining.protocols).notices)).toEqual(['投保须知', '学生团体意外伤害保险条款']);
    expect(groupProtocols(jining.protocols).others).toEqual([]);
    expect(names(groupProtocols(guardian.protocols).notices)).toEqual(['投保须知']);
    expect(names(groupProtocols(guardian.protocols).others)).toEqual(['监护人责任保险条款']);
  });

  it('keeps the manifest order within each group and puts untyped clauses with the others', () => {
    const list = [clause('甲', 3), clause('乙', 1), clause('丙', 2), clause('丁'), clause('戊', 4), clause('己', 3), clause('庚', 0)];
    const { notices, others } = groupProtocols(list);
    expect(names(notices)).toEqual(['甲', '丙', '己']);
    expect(names(others)).toEqual(['乙', '丁', '戊', '庚']);
  });

  it('keeps every clause exactly once and leaves the input untouched', () => {
    const list = [clause('甲', 2), clause('乙', 1)];
    const copy = structuredClone(list);
    const { notices, others } = groupProtocols(list);
    expect([...notices, ...others]).toHaveLength(2);
    expect(list).toEqual(copy);
    expect(groupProtocols([])).toEqual({ notices: [], others: [] });
  });
});

describe('paragraphs', () => {
  it('splits a clause at blank lines, trimmed (Xuzhou 投保须知)', () => {
    const notice = xuzhou.protocols.find((p) => p.name === '投保须知');
    expect(paragraphs(notice?.content ?? '')).toEqual([
      '1. 投保人应为被保险人的父母或法定监护人。',
      '2. 请确认被保险人身份信息真实准确，信息错误可能影响理赔。',
      '3. 保险合同自保险单载明的起保日零时生效。',
    ]);
  });

  it('keeps a single-paragraph clause whole and drops empty paragraphs', () => {
    expect(paragraphs('投保人须年满18周岁，被保险人仅限投保人本人。')).toEqual(['投保人须年满18周岁，被保险人仅限投保人本人。']);
    expect(paragraphs('\n\n第一条\n\n  \n\n第二条\n续行\n\n')).toEqual(['第一条', '第二条\n续行']);
    expect(paragraphs('')).toEqual([]);
  });
});
