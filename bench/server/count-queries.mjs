// Preloaded into the server by `npm run bench:server -- --count-queries`: counts the SQL
// statements sent to PostgreSQL by kind, and writes them to $BENCH_QUERY_COUNTS every 500 ms
// (Nest re-raises SIGTERM after closing, so there is no 'exit' event to hook).
import { writeFileSync } from 'node:fs';
import { setInterval } from 'node:timers';
import pg from 'pg';

const counts = {};
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 60);
  counts[key] = (counts[key] ?? 0) + 1;
  return original.call(this, config, ...rest);
};
setInterval(
  () => writeFileSync(process.env.BENCH_QUERY_COUNTS, JSON.stringify(counts)),
  500,
).unref();
