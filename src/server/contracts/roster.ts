/**
 * The offline products' school roster: parsed from the CSV a school provides
 * (header `name,idNo,schoolName,className`; UTF-8, with or without BOM) and
 * loaded by an operator (`npm run roster -- load <productCode> <file.csv>`).
 * Bad rows are reported by line with the reason; good rows are loaded
 * (a row already there keeps its status, its name, school and class are updated).
 */
import { sql } from 'drizzle-orm';
import { parseIdCard } from '../../engine/rules/index.ts';
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

/** Splits one CSV line (quotes allowed, "" inside quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cell);
      cell = '';
    }
    else cell += c;
  }
  out.push(cell);
  return out.map((v) => v.trim());
}

export function parseRosterCsv(text: string, now: Date = new Date()): { entries: RosterEntry[]; problems: RosterProblem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const entries: RosterEntry[] = [];
  const problems: RosterProblem[] = [];
  const header = cells(lines[0] ?? '');
  if (HEADER.some((h, i) => header[i] !== h)) return { entries, problems: [{ line: 1, reason: `表头应为 ${HEADER.join(',')}` }] };
  const seen = new Map<string, number>();
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    if (raw.trim() === '') return;
    const [name = '', idNoRaw = '', schoolName = '', className = '', ...extra] = cells(raw);
    const idNo = idNoRaw.toUpperCase();
    const reason =
      extra.length > 0 ? '列数多于4列'
      : !/^[\u4e00-\u9fa5·]{2,20}$/.test(name) ? '姓名须为2-20个汉字'
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
  });
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
