/**
 * Find and follow (issue 34) through the real app: the player search (prefix, any case, accounts
 * only, at most 12, name order), follow / unfollow with their refusals and the `social:follow`
 * event, a profile's social line (counts, online, the live game), the lists, the lobby's
 * "following: online and playing now", and followersOf for the notifications.
 */
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AUTOCOMPLETE_MAX } from '../../src/common/protocol.js';
import { FollowsService } from '../../src/social/index.js';
import {
  connect,
  http,
  newAccount,
  newPlayer,
  startServer,
  usingPostgres,
  type Client,
  type Server,
} from './harness.js';

let server: Server;
const clients: Client[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  for (const c of clients) c.close();
  await server.destroy();
});

/** A prefix no other test's names share (the PostgreSQL schema and PGlite data are fresh anyway). */
const P = `s${(Date.now() % 100000).toString().padStart(5, '0')}`;
const account = (rest: string) => newAccount(server, `${P}${rest}`);
const live = async (c: Promise<Client>) => {
  const client = await c;
  clients.push(client);
  return client;
};

describe('player search', () => {
  let names: string[];
  beforeAll(async () => {
    // 14 accounts under one prefix (more than the answer holds), mixed case, one with "_".
    names = ['Ana', 'ana2', 'ANB', 'b_x', 'bax', ...Array.from({ length: 9 }, (_, i) => `z${i}`)];
    await Promise.all(names.map((n) => account(n)));
    await newPlayer(server, `${P}guest`); // a guest: its name is no account's
  });

  test('a prefix in any case: the accounts in name order, at most 12', async () => {
    const r = await http(server, 'GET', `/api/player/autocomplete?term=${P.toUpperCase()}`);
    expect(r.status).toBe(200);
    const all = names
      .map((n) => `${P}${n}`)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(r.body).toEqual(all.slice(0, AUTOCOMPLETE_MAX));
    const an = await http(server, 'GET', `/api/player/autocomplete?term=${P}an`);
    expect(an.body).toEqual([`${P}Ana`, `${P}ana2`, `${P}ANB`]);
  });

  test('"_" is a character, not a wildcard; guests are never found', async () => {
    expect((await http(server, 'GET', `/api/player/autocomplete?term=${P}b_`)).body).toEqual([
      `${P}b_x`,
    ]);
    expect((await http(server, 'GET', `/api/player/autocomplete?term=${P}gu`)).body).toEqual([]);
  });

  test('too short or no name could start so: [] ; no term: INVALID_PAYLOAD', async () => {
    expect((await http(server, 'GET', `/api/player/autocomplete?term=s`)).body).toEqual([]);
    expect((await http(server, 'GET', `/api/player/autocomplete?term=${P}%25`)).body).toEqual([]);
    const bad = await http(server, 'GET', `/api/player/autocomplete`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_PAYLOAD');
  });

  test('object=1: each with its id and whether it is online', async () => {
    const on = await account('on');
    await live(connect(server, on.token));
    const r = await http(server, 'GET', `/api/player/autocomplete?term=${P}o&object=1`);
    expect(r.body).toEqual({ result: [{ id: on.id, name: `${P}on`, online: true }] });
    const off = await http(server, 'GET', `/api/player/autocomplete?term=${P}ana2&object=1`);
    expect(off.body.result).toEqual([expect.objectContaining({ online: false })]);
  });
});

describe('follow and unfollow', () => {
  test('refusals: nobody, a guest, an unknown name, oneself', async () => {
    const me = await account('me');
    const guest = await newPlayer(server, 'guest');
    expect((await http(server, 'POST', `/api/rel/follow/${P}me`)).status).toBe(401);
    const g = await http(server, 'POST', `/api/rel/follow/${P}me`, undefined, guest.token);
    expect([g.status, g.body.error.code]).toEqual([403, 'ACCOUNT_REQUIRED']);
    const u = await http(server, 'POST', `/api/rel/follow/${P}nobody`, undefined, me.token);
    expect([u.status, u.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const s = await http(
      server,
      'POST',
      `/api/rel/follow/${P.toUpperCase()}ME`,
      undefined,
      me.token,
    );
    expect([s.status, s.body.error.code, s.body.error.subcode]).toEqual([
      422,
      'REFUSED',
      'SELF_FOLLOW',
    ]);
  });

  test('follow: counted, idempotent, every tab of mine hears it; the status and lists say it', async () => {
    const fan = await account('fan');
    const star = await account('star');
    const tabs = [await live(connect(server, fan.token)), await live(connect(server, fan.token))];
    const starTab = await live(connect(server, star.token));

    const r = await http(server, 'POST', `/api/rel/follow/${P}STAR`, undefined, fan.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ok: true,
      id: star.id,
      username: `${P}star`,
      following: true,
      followers: 1,
    });
    for (const tab of tabs)
      expect(await tab.next('social:follow')).toEqual({
        id: star.id,
        username: `${P}star`,
        following: true,
        followers: 1,
      });
    // Again: nothing changes.
    const again = await http(server, 'POST', `/api/rel/follow/${P}star`, undefined, fan.token);
    expect(again.body.followers).toBe(1);

    const status = await http(server, 'GET', `/api/rel/status/${P}star`, undefined, fan.token);
    expect(status.body).toEqual({
      id: star.id,
      username: `${P}star`,
      followers: 1,
      following: 0,
      youFollow: true,
      online: true,
      playing: null,
    });
    // Nobody asking, or the player itself: youFollow is null.
    expect((await http(server, 'GET', `/api/rel/status/${P}star`)).body.youFollow).toBeNull();
    expect(
      (await http(server, 'GET', `/api/rel/status/${P}star`, undefined, star.token)).body.youFollow,
    ).toBeNull();
    expect((await http(server, 'GET', `/api/rel/status/${P}fan`)).body.following).toBe(1);

    expect((await http(server, 'GET', `/api/rel/followers/${P}star`)).body).toEqual([
      { id: fan.id, name: `${P}fan`, online: true },
    ]);
    expect((await http(server, 'GET', `/api/rel/following/${P}fan`)).body).toEqual([
      { id: star.id, name: `${P}star`, online: true },
    ]);
    // The star's own tab heard nothing of it.
    expect(starTab.events.filter((e) => e.event === 'social:follow')).toEqual([]);

    const un = await http(server, 'POST', `/api/rel/unfollow/${P}star`, undefined, fan.token);
    expect(un.body).toEqual({
      ok: true,
      id: star.id,
      username: `${P}star`,
      following: false,
      followers: 0,
    });
    expect(await tabs[0]!.next('social:follow', (c) => !c.following)).toMatchObject({
      followers: 0,
    });
    expect((await http(server, 'GET', `/api/rel/followers/${P}star`)).body).toEqual([]);
    expect(
      (await http(server, 'POST', `/api/rel/unfollow/${P}star`, undefined, fan.token)).status,
    ).toBe(200);
  });

  test("following now: the followed who are online, the ones playing first, with the game's id", async () => {
    const me = await account('lobby');
    const [idle, player, away, opponent] = await Promise.all(
      ['idle', 'play', 'away', 'opp'].map((n) => account(n)),
    );
    for (const p of [idle, player, away])
      expect(
        (await http(server, 'POST', `/api/rel/follow/${p.username}`, undefined, me.token)).status,
      ).toBe(200);
    await live(connect(server, idle.token));
    await live(connect(server, player.token));
    const game = await http(server, 'POST', '/api/test/matches', {
      variant: 'brazilian',
      whiteId: player.id,
      blackId: opponent.id,
      clock: { initial: 300_000, increment: 0 },
      rated: false,
    });
    expect(game.status).toBe(201);

    const now = await http(server, 'GET', '/api/rel/following-now', undefined, me.token);
    expect(now.body).toEqual([
      { id: player.id, name: player.username, online: true, playing: game.body.id },
      { id: idle.id, name: idle.username, online: true, playing: null },
    ]);
    // The profile's line: the live game to watch.
    const status = await http(server, 'GET', `/api/rel/status/${player.username}`);
    expect(status.body).toMatchObject({ online: true, playing: game.body.id });
    const awayStatus = await http(server, 'GET', `/api/rel/status/${away.username}`);
    expect(awayStatus.body).toMatchObject({ online: false, playing: null });
    expect((await http(server, 'GET', '/api/rel/following-now')).status).toBe(401);

    // followersOf (notifications' call) in a transaction of the caller's.
    const db = server.app.get<DataSource>(getDataSourceToken());
    const follows = server.app.get(FollowsService);
    expect(await follows.followersOf(db.manager, away.id)).toEqual([me.id]);
    expect(await follows.followersOf(db.manager, me.id)).toEqual([]);
  });
});

if (usingPostgres())
  describe('two processes (PostgreSQL)', () => {
    test('a follow made on one process is heard by my tab on the other', async () => {
      const other = await server.another();
      try {
        const fan = await account('fan2');
        const star = await account('star2');
        const there = await live(connect(other, fan.token));
        await http(server, 'POST', `/api/rel/follow/${star.username}`, undefined, fan.token);
        expect(await there.next('social:follow')).toMatchObject({ id: star.id, following: true });
        // Online is seen across processes too: the star's tab is on the other one.
        await live(connect(other, star.token));
        expect((await http(server, 'GET', `/api/rel/status/${star.username}`)).body.online).toBe(
          true,
        );
        expect(
          (await http(server, 'GET', `/api/rel/following-now`, undefined, fan.token)).body,
        ).toEqual([{ id: star.id, name: star.username, online: true, playing: null }]);
      } finally {
        for (const c of clients.splice(0)) c.close();
        await other.stop();
      }
    });
  });
