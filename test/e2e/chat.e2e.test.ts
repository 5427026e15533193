/**
 * A game's chat (v1.11) with real sockets: the players' room reaches the two players only, the
 * spectators' room its spectators only; lines are checked (length, printable), rate-limited,
 * kept as typed (markup is text) and stored with the game across a restart.
 */
import { CHAT_MAX, type ChatLine } from '../../src/common/protocol.js';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newPlayer,
  pairedMatch,
  refusal,
  startServer,
  type Client,
  type Server,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer({ chatLimit: { capacity: 4, perSecond: 0.001 } });
});
afterAll(async () => {
  await server.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const linesOf = (c: Client) =>
  c.events.filter((e) => e.event === 'chat:line').map((e) => (e.data as ChatLine).text);

async function watcher(matchId: string, name: string): Promise<Client> {
  const c = await connect(server, (await newPlayer(server, name)).token);
  expectOk(await c.emit('match:join', { matchId }));
  return c;
}

test("the players' room and the spectators' room do not hear each other", async () => {
  const { match, white, black, close } = await pairedMatch(server, 'brazilian');
  const spectator = await watcher(match.id, 'vera');
  const spectator2 = await watcher(match.id, 'otto');
  const said = expectOk(
    await white.client.emit('chat:say', {
      matchId: match.id,
      room: 'players',
      text: '  <b>good luck</b> & have fun  ',
    }),
  );
  // Trimmed, otherwise as typed: markup is just text.
  expect(said.line).toMatchObject({
    matchId: match.id,
    room: 'players',
    by: { id: white.player.id, name: white.player.name },
    color: 'white',
    text: '<b>good luck</b> & have fun',
  });
  const heard = await black.client.next('chat:line');
  expect(heard).toEqual(said.line);
  const own = await white.client.next('chat:line');
  expect(own.id).toBe(said.line.id);

  const cheer = expectOk(
    await spectator.emit('chat:say', { matchId: match.id, room: 'spectators', text: 'nice' }),
  );
  expect(cheer.line.color).toBeNull();
  expect((await spectator2.next('chat:line')).text).toBe('nice');
  await sleep(200);
  expect(linesOf(white.client)).toEqual([]);
  expect(linesOf(black.client)).toEqual([]);
  expect(linesOf(spectator)).toEqual(['nice']);
  expect(linesOf(spectator2)).toEqual([]);

  // Each speaks only in its own room.
  expect(
    errorCode(await spectator.emit('chat:say', { matchId: match.id, room: 'players', text: 'x' })),
  ).toBe('NOT_A_PLAYER');
  expect(
    refusal(
      await black.client.emit('chat:say', { matchId: match.id, room: 'spectators', text: 'x' }),
    ),
  ).toBe('REFUSED/NOT_YOUR_ROOM');
  // Spectators speak in the room of a game they joined, not in any game's.
  const stranger = await connect(server, (await newPlayer(server, 'stray')).token);
  expect(
    refusal(await stranger.emit('chat:say', { matchId: match.id, room: 'spectators', text: 'x' })),
  ).toBe('REFUSED/NOT_WATCHING');
  expectOk(await spectator2.emit('match:leave', { matchId: match.id }));
  expect(
    refusal(
      await spectator2.emit('chat:say', { matchId: match.id, room: 'spectators', text: 'x' }),
    ),
  ).toBe('REFUSED/NOT_WATCHING');
  stranger.close();

  // Read back: players read theirs, anyone else the spectators'.
  const mine = await http(
    server,
    'GET',
    `/api/matches/${match.id}/chat`,
    undefined,
    black.player.token,
  );
  expect(mine.body.map((l: ChatLine) => l.text)).toEqual(['<b>good luck</b> & have fun']);
  const anyone = await http(server, 'GET', `/api/matches/${match.id}/chat`);
  expect(anyone.body.map((l: ChatLine) => [l.text, l.room])).toEqual([['nice', 'spectators']]);
  spectator.close();
  spectator2.close();
  close();
});

test('against the computer there is nobody to chat with: refused, nothing stored', async () => {
  const me = await newPlayer(server, 'solo');
  const c = await connect(server, me.token);
  const { matchId } = expectOk(
    await c.emit('computer:play', { variant: 'russian', level: 1, color: 'white', clock: null }),
  );
  expect(refusal(await c.emit('chat:say', { matchId, room: 'players', text: 'hello' }))).toBe(
    'REFUSED/NO_CHAT_WITH_COMPUTER',
  );
  const stored = await http(server, 'GET', `/api/matches/${matchId}/chat`, undefined, me.token);
  expect(stored.body).toEqual([]);
  c.close();
});

test('bad lines are refused and change nothing; a flood is cut', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'russian');
  const say = (text: unknown) =>
    white.client.emitRaw('chat:say', { matchId: match.id, room: 'players', text });
  for (const bad of ['', '   ', 'x'.repeat(CHAT_MAX + 1), 'bell\u0007', 'rtl\u202e', 42, null])
    expect(errorCode(await say(bad))).toBe('INVALID_PAYLOAD');
  expect(
    errorCode(
      await white.client.emitRaw('chat:say', { matchId: match.id, room: 'all', text: 'x' }),
    ),
  ).toBe('INVALID_PAYLOAD');
  expect(
    errorCode(
      await white.client.emit('chat:say', {
        matchId: '00000000-0000-4000-8000-000000000000',
        room: 'players',
        text: 'x',
      }),
    ),
  ).toBe('NOT_FOUND');
  // 140 characters, counted as people count them (an emoji is one).
  const longest = '😀'.repeat(CHAT_MAX);
  expectOk(await say(longest));
  for (let i = 0; i < 3; i++) expectOk(await say(`line ${i}`));
  expect(errorCode(await say('one too many'))).toBe('RATE_LIMITED');
  // The other player has a bucket of its own.
  expectOk(await black.client.emit('chat:say', { matchId: match.id, room: 'players', text: 'ok' }));
  const stored = await http(
    server,
    'GET',
    `/api/matches/${match.id}/chat`,
    undefined,
    white.player.token,
  );
  expect(stored.body.map((l: ChatLine) => l.text)).toEqual([
    longest,
    'line 0',
    'line 1',
    'line 2',
    'ok',
  ]);
  close();
});

test('stored with the game: still there after a restart, and after the end', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'pool');
  expectOk(
    await white.client.emit('chat:say', { matchId: match.id, room: 'players', text: 'gg?' }),
  );
  expectOk(await black.client.emit('match:resign', { matchId: match.id }));
  expectOk(await black.client.emit('chat:say', { matchId: match.id, room: 'players', text: 'gg' }));
  close();
  server = await server.restart();
  const r = await http(
    server,
    'GET',
    `/api/matches/${match.id}/chat`,
    undefined,
    white.player.token,
  );
  expect(r.body.map((l: ChatLine) => [l.text, l.color])).toEqual([
    ['gg?', 'white'],
    ['gg', 'black'],
  ]);
});
