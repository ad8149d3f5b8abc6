/**
 * The school roster file as schools send it: quoted cells holding commas and
 * line breaks, a BOM, blank lines; each bad row reported by its line, a file
 * that is not CSV at all reported once.
 */
import { describe, expect, it } from 'vitest';
import { makeIdCard } from '../../src/engine/rules/index.ts';
import { parseRosterCsv } from '../../src/server/contracts/roster.ts';

const NOW = new Date('2026-09-01T00:00:00+08:00');
const pupil = (seq: string) => makeIdCard('370802', '20160601', seq);

describe('parseRosterCsv', () => {
  it('reads quoted commas, a BOM and blank lines, and reports each bad row by its line', () => {
    const csv = [
      '\uFEFFname,idNo,schoolName,className',
      `张三,${pupil('011')},"济宁市第一实验小学","三年级,二班"`,
      '',
      '李四,123,济宁一中,',
      `王五,${pupil('011')},济宁一中,`,
      `赵六,${pupil('031')},济宁一中,一班,多余`,
      `"欧阳·娜娜",${pupil('042')},"济宁市""阳光""小学",`,
    ].join('\r\n');
    expect(parseRosterCsv(csv, NOW)).toEqual({
      entries: [
        { name: '张三', idNo: pupil('011'), schoolName: '济宁市第一实验小学', className: '三年级,二班' },
        { name: '欧阳·娜娜', idNo: pupil('042'), schoolName: '济宁市"阳光"小学', className: '' },
      ],
      problems: [
        { line: 4, reason: '身份证号码无效' },
        { line: 5, reason: '身份证号码与第2行重复' },
        { line: 6, reason: '列数多于4列' },
      ],
    });
  });

  it('keeps a line break inside a quoted cell in its row instead of splitting the row', () => {
    const csv = `name,idNo,schoolName,className\n张三,${pupil('011')},"济宁市第一\n实验小学",一班\n`;
    expect(parseRosterCsv(csv, NOW).entries).toEqual([{ name: '张三', idNo: pupil('011'), schoolName: '济宁市第一\n实验小学', className: '一班' }]);
  });

  it('reports a quote left open once, with its line, and loads nothing', () => {
    expect(parseRosterCsv(`name,idNo,schoolName,className\n张三,${pupil('011')},"济宁一中,一班\n`, NOW)).toEqual({ entries: [], problems: [{ line: 2, reason: 'CSV格式有误：引号未闭合' }] });
  });

  it('asks for the header when the first row is not it', () => {
    expect(parseRosterCsv('', NOW).problems).toEqual([{ line: 1, reason: '表头应为 name,idNo,schoolName,className' }]);
    expect(parseRosterCsv(`姓名,身份证\n张三,${pupil('011')}\n`, NOW).problems).toEqual([{ line: 1, reason: '表头应为 name,idNo,schoolName,className' }]);
  });
});
