// Live viewers of one event page, in a process of their own so that their messages do not slow
// the load generator's clients: N anonymous Phoenix clients (bench/realtime/phoenix-client.ts)
// join `event:<id>` privately with the page's bindings (event_stats and comments changes,
// presence on, no track), as web/src/features/events/live/open-event-channel.ts does.
// argv: <url> <apikey> <event id> <n>. Prints `ready <joined>` once all have joined; on SIGTERM
// prints `count <deliveries>` twice a second, and
// `result <json>` (commit→delivery lag per delivery, join failures, sockets the server closed by
// close code) and exits.
import { phoenixClient } from '../realtime/phoenix-client.ts';
import { percentile } from '../support/stats.ts';

const [url, apikey, eventId, count] = process.argv.slice(2) as [string, string, string, string];
const n = Number(count);
const lag: number[] = [];
let joinFailures = 0;
let started = 0;
let stopping = false;
/** Sockets the server closed during the run, by close code (1006: terminated, e.g. as a slow consumer). */
const closed: Record<string, number> = {};

const config = {
  private: true,
  presence: { key: '', enabled: true },
  postgres_changes: [
    { event: '*', schema: 'public', table: 'event_stats', filter: `event_id=eq.${eventId}` },
    { event: '*', schema: 'public', table: 'comments', filter: `event_id=eq.${eventId}` },
  ],
};

const clients: Awaited<ReturnType<typeof phoenixClient>>[] = [];
// Joins a few at a time: as many pages opening at once as the machine lets through.
for (let i = 0; i < n; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, n - i) }, async () => {
      try {
        const c = await phoenixClient(url, apikey, (event, payload) => {
          if (event !== 'postgres_changes' || !started) return;
          const ts = (payload as { data?: { commit_timestamp?: string } }).data?.commit_timestamp;
          if (ts) lag.push(Date.now() - Date.parse(ts));
        }, (code) => {
          if (!stopping) closed[code] = (closed[code] ?? 0) + 1;
        });
        await Promise.race([
          c.join(`event:${eventId}`, { ...config, presence: { key: crypto.randomUUID(), enabled: true } }),
          new Promise((_, reject) => setTimeout(() => reject(new Error('join timed out')), 30_000)),
        ]);
        clients.push(c);
      } catch {
        joinFailures++;
      }
    }),
  );
}
started = Date.now();
console.log(`ready ${clients.length}`);
// How many have arrived so far, twice a second: the bench waits for the backlog to drain.
setInterval(() => console.log(`count ${lag.length}`), 500); // also keeps this process up until SIGTERM

process.once('SIGTERM', () => {
  stopping = true;
  const seconds = (Date.now() - started) / 1000;
  const result = { joined: clients.length, joinFailures, deliveries: lag.length, perSecond: lag.length / seconds, p50: percentile(lag, 50), p99: percentile(lag, 99), closed };
  for (const c of clients) c.close();
  process.stdout.write(`result ${JSON.stringify(result)}\n`, () => process.exit(0));
});
