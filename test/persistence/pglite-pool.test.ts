/**
 * The embedded database under concurrency (docs/ARCHITECTURE.md, Databases): with one PGlite session
 * lent to one query runner at a time, concurrent transactions are serialised, not interleaved.
 */
import { rmSync } from 'node:fs';
import 'reflect-metadata';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { dataSourceOptions } from '../../src/persistence/database.js';
import { freshDataDir } from '../pglite-template.js';

@Entity({ name: 'counter' })
class Counter {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  id!: string;

  @Column({ type: 'int' })
  value!: number;
}

const dirs: string[] = [];
/** A DataSource on `dir`, by default a new database (a copy of a blank one: no initdb). */
async function open(dir?: string): Promise<DataSource> {
  dir ??= await freshDataDir('blank', 'damas-pool-');
  dirs.push(dir);
  // synchronize: tests only; the app runs migrations.
  const ds = new DataSource({
    ...dataSourceOptions({ DATA_DIR: dir }, [Counter], []),
    synchronize: true,
  });
  return ds.initialize();
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('20 concurrent read-modify-write transactions: 20, not 1', async () => {
  const ds = await open();
  await ds.getRepository(Counter).insert({ id: 'c', value: 0 });
  await Promise.all(
    Array.from({ length: 20 }, () =>
      ds.transaction(async (em) => {
        const row = await em.getRepository(Counter).findOneByOrFail({ id: 'c' });
        await sleep(1);
        await em.getRepository(Counter).update({ id: 'c' }, { value: row.value + 1 });
      }),
    ),
  );
  expect((await ds.getRepository(Counter).findOneByOrFail({ id: 'c' })).value).toBe(20);
  await ds.destroy();
});

test('a failed transaction is rolled back while a neighbour commits', async () => {
  const ds = await open();
  const failing = ds.transaction(async (em) => {
    await em.getRepository(Counter).insert({ id: 'lost', value: 1 });
    await sleep(20);
    throw new Error('boom');
  });
  const good = ds.transaction(async (em) => {
    await em.getRepository(Counter).insert({ id: 'kept', value: 1 });
  });
  await expect(failing).rejects.toThrow('boom');
  await good;
  const ids = (await ds.getRepository(Counter).find()).map((r) => r.id);
  expect(ids).toEqual(['kept']);
  await ds.destroy();
});

test('a write outside the transaction waits for it and survives its rollback', async () => {
  const ds = await open();
  let inside!: () => void;
  const started = new Promise<void>((r) => (inside = r));
  const tx = ds.transaction(async (em) => {
    await em.getRepository(Counter).insert({ id: 'tx', value: 1 });
    inside();
    await sleep(30);
    throw new Error('rollback');
  });
  await started;
  const plain = ds.getRepository(Counter).insert({ id: 'plain', value: 2 });
  await expect(tx).rejects.toThrow('rollback');
  await plain;
  expect((await ds.getRepository(Counter).find()).map((r) => r.id)).toEqual(['plain']);
  await ds.destroy();
});

test('UPDATE reports affected rows; FOR UPDATE SKIP LOCKED works', async () => {
  const ds = await open();
  await ds.getRepository(Counter).insert([
    { id: 'a', value: 1 },
    { id: 'b', value: 1 },
  ]);
  const r = await ds.getRepository(Counter).update({ value: 1 }, { value: 2 });
  expect(r.affected).toBe(2);
  const locked = await ds.transaction((em) =>
    em
      .getRepository(Counter)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .orderBy('c.id')
      .getMany(),
  );
  expect(locked.map((c) => c.id)).toEqual(['a', 'b']);
  await ds.destroy();
});

test('data survives close and reopen; two directories are two databases', async () => {
  const dir = await freshDataDir('blank', 'damas-pool-');
  const first = await open(dir);
  await first.getRepository(Counter).insert({ id: 'durable', value: 7 });
  const other = await open();
  expect(await other.getRepository(Counter).count()).toBe(0);
  await first.destroy();
  await other.destroy();
  const again = await open(dir);
  expect((await again.getRepository(Counter).findOneByOrFail({ id: 'durable' })).value).toBe(7);
  await again.destroy();
}, 60_000);
