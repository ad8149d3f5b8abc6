/**
 * What Lighthouse's simulated load charges for some requests (docs/performance.md, "What the simulated load charges"):
 * copies a run gathered with `lighthouse -G=<dir>` leaving out every request whose URL matches a pattern,
 * from the DevTools log and the trace, so that `lighthouse -A=<copy>` simulates the same load without them.
 *
 *   npx lighthouse <url> --form-factor=mobile --throttling-method=simulate --only-categories=performance -G=run
 *   npx tsx scripts/lantern-what-if.ts run run-without-css '/assets/(?!core).*\.css$'
 *   npx lighthouse <url> -A=run-without-css --only-categories=performance --output=json --output-path=out.json
 *
 * A request left out is as if it was never sent: its bytes are gone too, so the figure is what the request
 * costs at most (a stylesheet moved into a script still costs its bytes).
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface LogEvent {
  method?: string;
  params?: { requestId?: string; request?: { url?: string } };
}
interface TraceEvent {
  name?: string;
  args?: { data?: { requestId?: string; url?: string } };
}

const [from, to, pattern] = process.argv.slice(2);
if (!from || !to || !pattern) {
  console.error('usage: tsx scripts/lantern-what-if.ts <gathered dir> <copy dir> <URL pattern>');
  process.exit(2);
}
const matches = new RegExp(pattern);
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });

const logFile = join(to, 'defaultPass.devtoolslog.json');
const log = JSON.parse(readFileSync(logFile, 'utf8')) as LogEvent[];
const dropped = new Set(log.filter((e) => e.method === 'Network.requestWillBeSent' && matches.test(e.params?.request?.url ?? '')).map((e) => e.params?.requestId));
writeFileSync(logFile, JSON.stringify(log.filter((e) => !(e.params?.requestId && dropped.has(e.params.requestId)))));

const traceFile = join(to, 'defaultPass.trace.json');
const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(trace) ? trace : trace.traceEvents;
const traced = new Set(events.filter((e) => e.name === 'ResourceSendRequest' && matches.test(e.args?.data?.url ?? '')).map((e) => e.args?.data?.requestId));
const kept = events.filter((e) => !(e.args?.data?.requestId && traced.has(e.args.data.requestId)));
writeFileSync(traceFile, JSON.stringify(Array.isArray(trace) ? kept : { ...trace, traceEvents: kept }));
console.log(`left out ${dropped.size} requests (${traced.size} in the trace) matching ${pattern}`);
