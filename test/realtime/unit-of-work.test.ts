/**
 * The unit of work on a real (embedded) database: what a transaction says is heard only if it
 * commits, after the work it left for after the commit; a failing hook stops neither; a rolled
 * back attempt leaves nothing behind.
 */
import { rmSync } from 'node:fs';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import type { PresenceEvent } from '../../src/common/protocol.js';
import { dataSourceOptions } from '../../src/persistence/database.js';
import type { Announcement } from '../../src/realtime/announcement.js';
import { ClusterBus } from '../../src/realtime/cluster-bus.js';
import { Rooms } from '../../src/realtime/rooms.js';
import { UnitOfWork } from '../../src/realtime/unit-of-work.js';
import { freshDataDir } from '../pglite-template.js';

let dir: string;
let db: DataSource;
let work: UnitOfWork;
/** What this process's listeners were told, in order, and the hooks run, in the same list. */
const heard: string[] = [];

beforeAll(async () => {
  dir = await freshDataDir('blank', 'damas-uow-');
  db = await new DataSource(dataSourceOptions({ DATA_DIR: dir }, [], [])).initialize();
  await db.query('CREATE TABLE t (n int)');
  const rooms = new Rooms();
  const bus = new ClusterBus(rooms);
  bus.subscribe((n: Announcement, here) => heard.push(`told ${n.event} ${n.topic} ${here}`));
  work = new UnitOfWork(bus, rooms);
});

afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => heard.splice(0));

const presence = (matchId: string): PresenceEvent => ({ matchId, color: 'white', online: true });

test('committed: the hooks run, then what was said is told', async () => {
  const r = await work.transaction(db, async (em, say, after) => {
    await em.query('INSERT INTO t VALUES (1)');
    say('m1', 'match:presence', presence('m1'));
    after(() => heard.push('after m1'));
    return 'done';
  });
  expect(r).toBe('done');
  expect(heard).toEqual(['after m1', 'told match:presence m1 true']);
});

test('rolled back: nothing is told, no hook runs, nothing is written', async () => {
  await expect(
    work.transaction(db, async (em, say, after) => {
      await em.query('INSERT INTO t VALUES (2)');
      say('m2', 'match:presence', presence('m2'));
      after(() => heard.push('after m2'));
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(heard).toEqual([]);
  expect(await db.query('SELECT n FROM t WHERE n = 2')).toEqual([]);
});

test('a hook that fails is logged: the commit stands and is still told', async () => {
  await work.transaction(db, async (em, say, after) => {
    await em.query('INSERT INTO t VALUES (3)');
    say('m3', 'match:presence', presence('m3'));
    after(() => {
      throw new Error('cache full');
    });
    after(() => heard.push('after m3'));
  });
  expect(heard).toEqual(['after m3', 'told match:presence m3 true']);
  expect(await db.query('SELECT n FROM t WHERE n = 3')).toEqual([{ n: 3 }]);
});
