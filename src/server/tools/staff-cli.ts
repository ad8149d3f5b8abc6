/**
 * `npm run staff -- <command> [options]` (from source) or
 * `node dist-server/staff.mjs <command> [options]` (a production install):
 * operators add brokerage staff, list them and pay out rewards.
 * Reads the same environment as the server (DATABASE_URL, DATA_DIR) and applies
 * the migrations first. docs/promoters.md, "Staff".
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { SCOPE_ENTRY, unknownScopeEntries } from '../auth/staff-access.ts';
import { loadManifestStore } from '../catalogue/manifest-store.ts';
import { loadConfig } from '../config.ts';
import { withToolDatabase } from './tool-database.ts';
import { loadMarketStore } from '../markets/market-store.ts';
import type { StaffRole } from '../db/schema.ts';
import { checkStaffInput, listStaff, payRewards, upsertStaff, type StaffInput } from '../promoters/staff-admin.ts';
import { getUserByCode } from '../auth/users-repo.ts';
import { parseShanghai } from '../../engine/time/shanghai-time.ts';
import { maskPhone } from '../../engine/rules/masking.ts';

const USAGE = `Usage:
  npm run staff -- add --phone 13900000001 --employee E1001 --name 王经纪 \\
      --license 02000132000080002019000123 --branch JT0144001 --branch-name 徐州分公司 \\
      [--channel 05] [--roles broker,manager,roster,compliance] [--scope jining,23PR370860]
      Adds a staff member (creating the account for that phone when it has none),
      or updates the one with that employee number. Prints the promo and manager codes.
      --roles (default broker): broker promotes and hands their customers over, manager
      hands customers over, roster resets and corrects the offline roster rows of the
      products in --scope, compliance replays recorded sales (reads only).
      --scope (default none): product codes and market ids (manifests/markets/<id>.json
      covers every product it lists); * covers every product. Unknown ones are refused.
  npm run staff -- list
      Every staff member with their codes.
  npm run staff -- pay-rewards --before 2026-12-01 [--user U123456789012]
      Marks confirmed rewards of sales made before that day as paid (all promoters, or one).`;

/** Scope entries naming no product and no market of the catalogue, in operator words. */
function unknownScope(manifestsDir: string, scope: readonly string[]): string[] {
  const entries = scope.filter((entry) => SCOPE_ENTRY.test(entry));
  if (entries.length === 0) return [];
  const manifests = loadManifestStore(manifestsDir);
  const markets = loadMarketStore(join(manifestsDir, 'markets'), manifests);
  return unknownScopeEntries({ manifests, markets }, entries).map((entry) => `--scope: "${entry}" is neither a product code nor a market id of ${manifestsDir}`);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      phone: { type: 'string' },
      employee: { type: 'string' },
      name: { type: 'string' },
      license: { type: 'string' },
      branch: { type: 'string' },
      'branch-name': { type: 'string' },
      channel: { type: 'string' },
      roles: { type: 'string' },
      scope: { type: 'string' },
      before: { type: 'string' },
      user: { type: 'string' },
    },
    strict: true,
  });
  const config = loadConfig();
  return withToolDatabase(config, async (database) => {
    const db = database.db;
    try {
      if (command === 'add') {
        const input = {
          phone: values.phone,
          employeeNum: values.employee,
          name: values.name,
          licenseNumber: values.license,
          branchCode: values.branch,
          branchName: values['branch-name'],
          channelCode: values.channel,
          roles: values.roles ? (values.roles.split(',').map((r) => r.trim()) as StaffRole[]) : undefined,
          scope: values.scope === undefined ? undefined : values.scope.split(',').map((s) => s.trim()).filter(Boolean),
        };
        const problems = [...checkStaffInput(input), ...unknownScope(config.manifestsDir, input.scope ?? [])];
        if (problems.length > 0) {
          console.error(`Cannot add the staff member:\n  ${problems.join('\n  ')}\n\n${USAGE}`);
          return 1;
        }
        const saved = await upsertStaff(db, input as StaffInput, new Date());
        console.log(
          `Saved ${saved.employeeNum} ${saved.name} (${saved.branchName}, channel ${saved.channelCode || '—'}, roles ${saved.roles.join(',')}, scope ${saved.scope.join(',') || '—'})\n` +
            `  user code     ${saved.userCode}\n  promo code    ${saved.promoCode}   (share links carry it)\n  manager code  ${saved.managerCode}   (printed as 推荐码)`,
        );
        return 0;
      }
      if (command === 'list') {
        const rows = await listStaff(db);
        if (rows.length === 0) console.log('No staff yet: npm run staff -- add …');
        for (const r of rows) {
          console.log(`${r.employeeNum}\t${r.name}\t${maskPhone(r.phone)}\t${r.branchCode} ${r.branchName}\tchannel ${r.channelCode || '—'}\troles ${r.roles.join(',')}\tscope ${r.scope.join(',') || '—'}\tpromo ${r.promoCode}\tmanager ${r.managerCode}`);
        }
        return 0;
      }
      if (command === 'pay-rewards') {
        const before = values.before ? (parseShanghai(values.before) ?? undefined) : undefined;
        if (!before) {
          console.error(`--before must be a day such as 2026-12-01\n\n${USAGE}`);
          return 1;
        }
        const promoter = values.user ? await getUserByCode(db, values.user) : undefined;
        if (values.user && !promoter) {
          console.error(`No user ${values.user}`);
          return 1;
        }
        const count = await payRewards(db, { before, promoterUserId: promoter?.id, now: new Date() });
        console.log(`${count} reward(s) marked as paid`);
        return 0;
      }
      console.error(`Unknown command "${command}"\n\n${USAGE}`);
      return 1;
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return 1;
    }
  });
}

process.exitCode = await main();
