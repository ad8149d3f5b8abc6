/**
 * The load generator of the order and INSERT benches (scripts/lib/bench-server.ts,
 * `requestLoop`), in a worker thread of its own: the app under test and its
 * bare reference run on the main thread, and each request's fetch (undici,
 * web streams, about a third of the main thread's CPU per order on a shared
 * event loop) does not compete with the server for that thread, as
 * autocannon's worker already does for the quote and the product list. It
 * sends with node:http, lighter than fetch, so that it also takes less of the
 * core it shares with PostgreSQL.
 *
 * One worker serves every run of a bench: a new worker per turn of 500 requests would
 * start cold, its http client interpreted and its sockets new, and that start costs the
 * bare INSERT route, four times faster than an order, a third of its measured rate in
 * such a turn and the orders a tenth, so the ratio of the two would read high. Its
 * client code stays compiled and its kept-alive sockets open from one run to the next.
 *
 * Each message { requests: [{ url, method, headers, body }], concurrency, envelope }
 * is one run: each request sent once, `concurrency` at a time, in order. A status
 * other than 200, or with `envelope` an answer whose `code` is not '0000', fails the
 * run (answered { error }). Answers { latencies (ms, in completion order), ms } (the
 * wall time of the whole run). Runs are sent one at a time.
 *
 * Plain JavaScript: a worker started from tsx would need the loader again.
 */
import { Agent, request as httpRequest } from 'node:http';
import { parentPort } from 'node:worker_threads';

// node:http on kept-alive sockets (a run never has more than `concurrency` requests in flight, so it opens
// at most as many per server): a lighter client than fetch (no web streams), closer to autocannon's, so less
// of the machine goes to the generator. One agent for every run: a run after the first finds its sockets open.
const agent = new Agent({ keepAlive: true });

function send({ url, method, headers, body }, envelope) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) }, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) return reject(new Error(`${method} ${url}: HTTP ${res.statusCode} ${text}`));
        if (envelope) {
          const answer = JSON.parse(text);
          if (answer.code !== '0000') return reject(new Error(`${method} ${url}: ${answer.code} ${answer.msg}`));
        }
        resolve();
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function run({ requests, concurrency, envelope }) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const t0 = performance.now();
        await send(request, envelope);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, ms: performance.now() - started };
}

parentPort.on('message', (message) => {
  run(message).then(
    (answer) => parentPort.postMessage(answer),
    (error) => parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
