/**
 * `npm run refunds -- list-failed` and `npm run refunds -- retry <refundNo>`:
 * the refunds the job gave up on or the channel refused, and sending one
 * again (docs/payments.md, "Refunds"). A retried refund keeps its number, so
 * the channel never pays it twice. Reads the server's environment
 * (DATABASE_URL, DATA_DIR).
 */
import { fenToYuan } from '../../engine/pricing/premium.ts';
import { loadConfig } from '../config.ts';
import { withToolDatabase } from './tool-database.ts';
import { listFailedRefunds, retryRefund } from '../payments/refunds-repo.ts';

const USAGE = `Usage:
  npm run refunds -- list-failed          the failed refunds: number, channel, trade, amount, the platform's reason or last error
  npm run refunds -- retry <refundNo>     a failed refund back to pending (sent again by the job, same number)`;

async function main(): Promise<number> {
  const [command, refundNo] = process.argv.slice(2);
  if (!(command === 'list-failed' || (command === 'retry' && refundNo))) {
    console.log(USAGE);
    return 1;
  }
  return withToolDatabase(loadConfig(), async (database) => {
    if (command === 'retry') {
      if (!(await retryRefund(database.db, refundNo!, new Date()))) {
        console.error(`${refundNo}: no failed refund of that number`);
        return 2;
      }
      console.log(`${refundNo}: pending again; the refund job sends it on its next tick`);
      return 0;
    }
    const failed = await listFailedRefunds(database.db);
    for (const row of failed) {
      const why = row.refusedReason ? `refused: ${row.refusedReason}` : `error: ${row.lastError ?? ''}`;
      console.log(
        [row.refundNo, row.provider, row.tradeNo, row.orderCode, `¥${fenToYuan(row.amountFen)}`, row.reason, `${row.attempts} attempts`, row.updatedAt.toISOString(), why].join('\t'),
      );
    }
    console.log(`${failed.length} failed refund(s)`);
    return 0;
  });
}

process.exitCode = await main();
