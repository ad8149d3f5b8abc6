/**
 * `npm run reconcile -- --date 2026-12-01 [--channel wechat]`: the day's
 * trade bill of each real channel (or of one) compared with payments and
 * refunds now, as the daily job does (payments/reconciliation.ts), and a
 * summary printed with every difference. Nothing is corrected. Reads the
 * server's environment (DATABASE_URL, DATA_DIR, the channels' settings).
 * Exit 0: no difference; 3: differences recorded; 1: a bill could not be
 * read; 2: usage.
 */
import { fenToYuan } from '../../engine/pricing/premium.ts';
import { buildAppWithHandles } from '../app.ts';
import { loadConfig } from '../config.ts';
import { withToolDatabase } from './tool-database.ts';
import { billChannels, isBillDate, type Difference } from '../payments/reconciliation.ts';

const USAGE = `Usage: npm run reconcile -- --date <yyyy-MM-dd> [--channel <channel>]
  compares each real channel's trade bill of that Beijing day with payments and refunds, and records the differences`;

const KIND_TEXT: Readonly<Record<Difference['kind'], string>> = {
  unknown_here: 'on the platform, not here',
  missing_on_platform: 'collected here, not on the platform',
  amount_differs: 'amounts differ',
  refund_unseen: 'refunded here, not on the platform',
};

const yuan = (fen: number | undefined) => (fen === undefined ? '-' : `¥${fenToYuan(fen)}`);

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at >= 0) return args[at + 1];
  return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const date = option(args, '--date');
  const channel = option(args, '--channel');
  if (!date || !isBillDate(date)) {
    console.log(USAGE);
    return 2;
  }
  const config = loadConfig();
  return withToolDatabase(config, async (database) => {
    // The app as the server builds it (the same channels and settings), without its timers or demo data.
    const { app, handles } = await buildAppWithHandles({ db: database.db, config: { ...config, lifecycleIntervalMs: 0 }, seed: false, seedSchools: false, logger: false });
    try {
      const deps = { db: database.db, now: () => new Date(), payments: handles.providers.payments };
      const channels = channel ? [channel] : billChannels(deps);
      if (channels.length === 0 || (channel && !billChannels(deps).includes(channel))) {
        console.error(channel ? `${channel}: not a configured real channel (PAYMENT_CHANNELS)` : 'no configured channel has a trade bill (PAYMENT_CHANNELS lists sandboxes only)');
        return 2;
      }
      const summaries = await handles.reconciliation.reconcileDay(date, channels);
      let code = 0;
      for (const s of summaries) {
        if (s.status !== 'done') {
          console.log(`${s.provider} ${s.billDate}: ${s.status}${s.error ? ` (${s.error})` : ''}`);
          code = 1;
          continue;
        }
        const differences = s.differences ?? [];
        console.log(`${s.provider} ${s.billDate}: ${s.billLines} bill line(s), ${s.matched} matched, ${differences.length} difference(s)`);
        for (const d of differences) {
          console.log(['', KIND_TEXT[d.kind], d.subject, d.tradeNo, d.refundNo ?? '', `platform ${yuan(d.platformAmountFen)}`, `here ${yuan(d.localAmountFen)}`].join('\t'));
        }
        if (differences.length > 0 && code === 0) code = 3;
      }
      return code;
    } finally {
      await app.close();
    }
  });
}

process.exitCode = await main();
