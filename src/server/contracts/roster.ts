/**
 * The offline products' school roster: parsed from the CSV a school provides
 * (header `name,idNo,schoolName,className`; UTF-8, with or without BOM) and
 * loaded by an operator (`npm run roster -- load <productCode> <file.csv>`).
 * Bad rows are reported by line with the reason; good rows are loaded
 * (a row already there keeps its status, its name, school and class are updated).
 */
import { CsvError, parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { parseIdCard, validateName } from '../../engine/rules/index.ts';
import type { Db } from '../db/db.ts';
import { offlineRoster } from '../db/schema.ts';

export interface RosterEntry {
  name: string;
  idNo: string;
  schoolName: string;
  className: string;
}
export interface RosterProblem {
  line: number;
  reason: string;
}

const HEADER = ['name', 'idNo', 'schoolName', 'className'];

/** What csv-parse says of a file it cannot read, for the operator. */
const CSV_ERRORS: Readonly<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: '引号未闭合',
  CSV_INVALID_CLOSING_QUOTE: '引号后须紧跟逗号或换行',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: '引号后须紧跟逗号或换行',
};

export function parseRosterCsv(text: string, now: Date = new Date()): { entries: RosterEntry[]; problems: RosterProblem[] } {
  const entries: RosterEntry[] = [];
  const problems: RosterProblem[] = [];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // csv-parse: RFC 4180 quoting (a quoted cell may hold commas, "" and line breaks), BOM dropped, rows of any length kept for the check below.
    records = parse(text, { bom: true, trim: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true, info: true }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { entries, problems: [{ line: (error as CsvError & { lines?: number }).lines ?? 1, reason: `CSV格式有误：${CSV_ERRORS[error.code] ?? error.code}` }] };
  }
  const [first, ...rows] = records;
  const header = first?.record ?? [];
  if (first?.info.lines !== 1 || HEADER.some((h, i) => header[i] !== h)) return { entries, problems: [{ line: 1, reason: `表头应为 ${HEADER.join(',')}` }] };
  const seen = new Map<string, number>();
  for (const { record, info } of rows) {
    const line = info.lines;
    const [name = '', idNoRaw = '', schoolName = '', className = '', ...extra] = record;
    const idNo = idNoRaw.toUpperCase();
    const reason =
      extra.length > 0 ? '列数多于4列'
      : validateName(name) !== null ? '姓名须为2-20位汉字或字母'
      : !parseIdCard(idNo, now).ok ? '身份证号码无效'
      : schoolName.length < 2 || schoolName.length > 60 ? '学校名称须为2-60个字'
      : className.length > 30 ? '班级不超过30个字'
      : seen.has(idNo) ? `身份证号码与第${seen.get(idNo)}行重复`
      : '';
    if (reason) problems.push({ line, reason });
    else {
      seen.set(idNo, line);
      entries.push({ name, idNo, schoolName, className });
    }
  }
  return { entries, problems };
}

/** Loads entries into a product's roster; answers how many rows were written. */
export async function loadRoster(db: Db, productCode: string, entries: readonly RosterEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = entries.map((e) => ({ productCode, ...e }));
  await db
    .insert(offlineRoster)
    .values(rows)
    .onConflictDoUpdate({
      target: [offlineRoster.productCode, offlineRoster.idNo],
      set: { name: sql`excluded.name`, schoolName: sql`excluded.school_name`, className: sql`excluded.class_name` },
    });
  return rows.length;
}

/**
 * The purchase moves the roster: when an order is paid (the payment's
 * transition to waitIssue, or an order whose fee the school collects), every
 * roster entry of its product naming one of its insureds becomes 2 (insured),
 * with the order's code and the signed agreement of that buyer for that
 * insured when there is one. Called in the transaction that won the payment,
 * so it happens once per order; an entry already at 2 is left as it is.
 * Answers how many entries moved.
 */
export async function markRosterInsured(db: Db, orderId: number, at: Date): Promise<number> {
  const result = await db.execute(sql`
    update offline_roster r
    set status = '2',
        order_code = o.order_code,
        contract_no = coalesce(r.contract_no, (
          select c.contract_no from contracts c
          where c.user_id = o.user_id and c.product_code = r.product_code and c.insured_id_no = r.id_no and c.status = 'signed'
          order by c.signed_at desc limit 1
        )),
        ${sql.identifier(offlineRoster.updatedAt.name)} = ${at.toISOString()}::timestamptz
    from application_forms f
    join orders o on o.id = f.order_id
    where f.order_id = ${orderId}
      and r.product_code = f.product_code
      and f.insureds @> jsonb_build_array(jsonb_build_object('licenceNo', r.id_no))
      and r.status <> '2'
    returning r.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
