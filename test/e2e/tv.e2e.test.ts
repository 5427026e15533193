/**
 * TV (PROTOCOL.md v1.19): each channel features its highest-rated live game, the feed follows it
 * move by move and switches when it ends; on PostgreSQL a second process's feed follows the
 * first's games through the cluster bus.
 */
import {
  connect,
  expectOk,
  http,
  newAccount,
  newPlayer,
  startServer,
  usingPostgres,
  type Player,
  type Server,
} from './harness.js';
import { openNdjson, type Ndjson } from './ndjson.js';
import { Position, VARIANT_IDS, type VariantId } from '../../src/rules/index.js';

let server: Server;
let other: Server | null = null;
const feeds: Ndjson[] = [];

beforeAll(async () => {
  server = await startServer();
  if (usingPostgres()) other = await server.another();
});

afterAll(async () => {
  for (const f of feeds) f.close();
  await other?.stop();
  await server.destroy();
});

const CLOCK = { initial: 300_000, increment: 0 };

async function game(
  white: Player,
  black: Player,
  variant: VariantId,
  rated = true,
): Promise<{ id: string; white: Player; black: Player }> {
  const r = await http(server, 'POST', '/api/test/matches', {
    variant,
    whiteId: white.id,
    blackId: black.id,
    clock: CLOCK,
    rated,
  });
  if (r.status !== 201) throw new Error(r.text);
  return { id: r.body.id as string, white, black };
}

async function resign(matchId: string, who: Player): Promise<void> {
  const c = await connect(server, who.token);
  expectOk(await c.emit('match:resign', { matchId }));
  c.close();
}

async function feed(at: Server, query = ''): Promise<Ndjson> {
  const f = await openNdjson(`${at.url}/api/tv/feed${query}`);
  feeds.push(f);
  return f;
}

test('the best game is featured, followed move by move, and the feed switches when it ends', async () => {
  // Accounts for the rated games; guests (rated 1500 everywhere) for the casual ones.
  const [ana, bia, caio, dora, eli] = await Promise.all(
    ['ana', 'bia', 'caio', 'dora', 'eli'].map((n) => newAccount(server, `tv_${n}`)),
  );
  const [fabi, gil, hel, ivo, jo] = await Promise.all(
    ['fabi', 'gil', 'hel', 'ivo', 'jo'].map((n) => newPlayer(server, `tv_${n}`)),
  );
  // A rated game won makes ana the best rated (about 1660) and bia the least (about 1340).
  const first = await game(ana, bia, 'international');
  await resign(first.id, bia);

  // Nothing is live: every channel is empty, and a feed says so.
  const empty = await http(server, 'GET', '/api/tv/channels');
  expect(empty.status).toBe(200);
  expect(empty.body).toEqual(Object.fromEntries(['best', ...VARIANT_IDS].map((k) => [k, null])));
  const early = await feed(server, '?variant=russian');
  expect(early.status).toBe(200);
  expect(early.contentType).toMatch(/application\/x-ndjson/);
  expect(await early.next(() => true)).toEqual({ t: 'off' });

  // A (about 3160) starts first and is featured; C (casual, bia's rating now: about 2840) and
  // B (3000) start after it and wait.
  const a = await game(caio, ana, 'international');
  const c = await game(bia, fabi, 'international', false);
  const b = await game(dora, eli, 'international');
  const d = await game(gil, hel, 'brazilian', false);
  const ru = await game(ivo, jo, 'russian', false);
  // Once the starts are heard the channels hold them.
  const channels = await waitFor(async () => {
    const r = await http(server, 'GET', '/api/tv/channels');
    return r.body.best?.gameId === a.id && r.body.brazilian && r.body.russian ? r.body : null;
  });
  expect(channels.best).toEqual({
    gameId: a.id,
    variant: 'international',
    color: 'black', // ana's side: the higher rated
    user: { id: ana.id, name: 'tv_ana' },
    rating: expect.any(Number),
  });
  expect(channels.best.rating).toBeGreaterThan(1600);
  expect(channels.international.gameId).toBe(a.id);
  expect(channels.brazilian).toEqual({
    gameId: d.id,
    variant: 'brazilian',
    color: 'white',
    user: { id: gil.id, name: 'tv_gil' },
    rating: 1500,
  });
  expect(channels.russian.gameId).toBe(ru.id);
  expect(channels.english).toBeNull();

  // The empty russian feed heard its game start.
  expect((await early.next((l) => l.t === 'featured')).d.id).toBe(ru.id);

  const best = await feed(server);
  const intl = await feed(server, '?variant=international');
  const far = other ? await feed(other, '?variant=international') : null;
  const all = [best, intl, far].filter((f): f is Ndjson => f !== null);
  for (const f of all)
    expect(await f.next(() => true)).toEqual({
      t: 'featured',
      d: {
        id: a.id,
        variant: 'international',
        orientation: 'black',
        players: [
          { color: 'white', user: { id: caio.id, name: 'tv_caio' }, rating: 1500, seconds: 300 },
          {
            color: 'black',
            user: { id: ana.id, name: 'tv_ana' },
            rating: channels.best.rating,
            seconds: 300,
          },
        ],
        fen: Position.initial('international').fen,
        lm: null,
        running: null,
      },
    });

  // A move of the featured game: a fen line on every feed of it (the other process's too).
  let pos = Position.initial('international');
  const m = pos.legalMoves()[0];
  const moved = await http(
    server,
    'POST',
    `/api/matches/${a.id}/moves`,
    { path: m.path },
    caio.token,
  );
  expect(moved.status).toBe(201);
  pos = pos.play(m);
  for (const f of all)
    expect(await f.next((l) => l.t === 'fen')).toEqual({
      t: 'fen',
      d: { fen: pos.fen, lm: m.path.join('-'), wc: 300, bc: 300, running: null },
    });
  // A move of a game not featured says nothing on these feeds.
  const bMove = Position.initial('international').legalMoves()[1];
  const bMoved = await http(
    server,
    'POST',
    `/api/matches/${b.id}/moves`,
    { path: bMove.path },
    dora.token,
  );
  expect(bMoved.status).toBe(201);

  // A ends: every feed switches to B (3000), not C (about 2840) which started before it.
  await resign(a.id, caio);
  for (const f of all) {
    const next = await f.next((l) => l.t === 'featured' && l.d.id !== a.id);
    expect(next.d).toMatchObject({ id: b.id, orientation: 'white', lm: bMove.path.join('-') });
    expect(next.d.players.map((p: any) => p.user.name)).toEqual(['tv_dora', 'tv_eli']);
    // Nothing else came between: the one move, then the switch.
    expect(f.objects().map((l) => l.t)).toEqual(['featured', 'fen', 'featured']);
  }
  const after = await http(server, 'GET', '/api/tv/channels');
  expect(after.body.best.gameId).toBe(b.id);
  expect(after.body.international.gameId).toBe(b.id);
  expect(after.body.brazilian.gameId).toBe(d.id);

  // B ends: international takes C; best takes brazilian's D (3000, before russian's at 3000).
  const [intlSaid, bestSaid] = [intl.objects().length, best.objects().length];
  await resign(b.id, eli);
  expect((await intl.next((l) => l.t === 'featured', 10_000, intlSaid)).d.id).toBe(c.id);
  expect((await best.next((l) => l.t === 'featured', 10_000, bestSaid)).d).toMatchObject({
    id: d.id,
    variant: 'brazilian',
  });
  // C ends: nothing is live in international, and its feed says so.
  await resign(c.id, fabi);
  expect(await intl.next((l) => l.t === 'off')).toEqual({ t: 'off' });
  expect((await http(server, 'GET', '/api/tv/channels')).body.international).toBeNull();
}, 30_000);

test('a feed of an unknown variant is refused; OpenAPI lists both routes', async () => {
  const r = await http(server, 'GET', '/api/tv/feed?variant=chess');
  expect(r.status).toBe(400);
  expect(r.body.error.code).toBe('INVALID_PAYLOAD');
  const doc = (await http(server, 'GET', '/docs-json')).body;
  const variant = doc.paths['/api/tv/feed'].get.parameters.find((p: any) => p.name === 'variant');
  expect(variant).toMatchObject({ in: 'query', required: false });
  expect(variant.schema.enum).toEqual([...VARIANT_IDS]);
  const channels = doc.paths['/api/tv/channels'].get.responses['200'].content['application/json'];
  expect(channels.schema.additionalProperties.properties.gameId).toEqual({ type: 'string' });
});

async function waitFor<T>(read: () => Promise<T | null>, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v) return v;
    if (Date.now() > until) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
