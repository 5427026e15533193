/**
 * Find and follow (issue 34): the follows table and its service, through the real app.
 */
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FollowsService } from '../../src/social/index.js';
import { newAccount, startServer, type Server } from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.destroy();
});

const stamp = Date.now() % 100000;

test('followersOf: the players who follow one', async () => {
  const [ana, bea, cid] = await Promise.all(
    ['ana', 'bea', 'cid'].map((n) => newAccount(server, `${n}${stamp}`)),
  );
  const db = server.app.get<DataSource>(getDataSourceToken());
  await db.query(`INSERT INTO follows (follower_id, followed_id) VALUES ($1, $3), ($2, $3)`, [
    ana.id,
    bea.id,
    cid.id,
  ]);
  const follows = server.app.get(FollowsService);
  expect((await follows.followersOf(db.manager, cid.id)).sort()).toEqual([ana.id, bea.id].sort());
  expect(await follows.followersOf(db.manager, ana.id)).toEqual([]);
});
