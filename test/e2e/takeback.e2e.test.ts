/**
 * Takebacks (v1.11) with real sockets: asked and accepted (one ply or two), declined, lapsed by a
 * move, raced with a move (one consistent state either way), refused where a player switched
 * them off, and against the computer. After each, the match row, the move list, the pieces and
 * the PDN agree, and the game goes on.
 */
import { randomUUID } from 'node:crypto';
import type { MatchState, TakebackEvent } from '../../src/common/protocol.js';
import { Position, replay, unwrap } from '../../src/rules/index.js';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newAccount,
  newPlayer,
  pairedMatch,
  refusal,
  startServer,
  type Client,
  type Server,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.destroy();
});

const CLOCK = { initial: 60_000, increment: 2_000 };

async function state(id: string): Promise<MatchState> {
  return (await http(server, 'GET', `/api/matches/${id}`)).body as MatchState;
}

/** Takeback requests and answers in one game, by either player. */
const asker =
  (matchId: string) =>
  (c: Client, action: 'offer' | 'accept' | 'decline' = 'offer') =>
    c.emit('match:takeback', { matchId, action });

/** Plays the first legal move of the position for `client`; returns its ack. */
async function playFirst(client: Client, id: string) {
  const s = await state(id);
  const pos = Position.fromFen(s.variant, s.fen);
  if (!pos.ok) throw new Error(pos.error.message);
  return client.emit('match:move', { matchId: id, path: pos.value.legalMoves()[0].path });
}

/** The row, the move list, the pieces and the PDN say the same game. */
async function consistent(id: string): Promise<MatchState> {
  const s = await state(id);
  const history = (await http(server, 'GET', `/api/matches/${id}/history`)).body as {
    ply: number;
    path: number[];
    fen: string;
  }[];
  expect(history.map((m) => m.ply)).toEqual(Array.from({ length: s.ply }, (_, i) => i + 1));
  const start = Position.fromFen(s.variant, s.initialFen);
  if (!start.ok) throw new Error(start.error.message);
  const game = replay(
    start.value,
    history.map((m) => m.path),
  );
  if (!game.ok) throw new Error(game.error.message);
  expect(game.value.position.fen).toBe(s.fen);
  if (s.status === 'active') expect(s.turn).toBe(game.value.position.turn);
  const pieces = game.value.position.pieces();
  expect(s.pieces.map((p) => [p.square, p.color, p.king]).sort()).toEqual(
    pieces.map((p) => [p.square, p.color, p.king]).sort(),
  );
  const pdn = (await http(server, 'GET', `/api/matches/${id}/pdn`)).text;
  const movetext = pdn.replace(/^\[.*\]$/gm, '').replace(/\s(2-0|0-2|1-1|\*)\s*$/, '');
  expect(movetext.match(/\d+-\d+|\d+x\d+/g)?.length ?? 0).toBe(s.ply);
  return s;
}

/** An accept and a move sent at once, in either order (alternating rounds): both get to win. */
async function raced<A, M>(round: number, accept: () => Promise<A>, move: () => Promise<M>) {
  if (round % 2 === 0) return Promise.all([accept(), move()]);
  const [m, a] = await Promise.all([move(), accept()]);
  return [a, m] as const;
}

const accepted = (c: Client, id: string) =>
  c.next('match:takeback', (e: TakebackEvent) => e.matchId === id && e.action === 'accept');

test('asked after the answer: two plies back, the asker to move, the clocks not wound back', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'brazilian', CLOCK);
  expect(match.takebacks).toBe(true);
  expect(match.takebackOffer).toBeNull();
  expectOk(await playFirst(white.client, match.id));
  expectOk(await playFirst(black.client, match.id));
  expectOk(await playFirst(white.client, match.id));
  expectOk(await playFirst(black.client, match.id));
  const before = await state(match.id);
  expectOk(await white.client.emit('match:takeback', { matchId: match.id, action: 'offer' }));
  const offer = await black.client.next('match:takeback', (e) => e.action === 'offer');
  expect(offer).toEqual({ matchId: match.id, action: 'offer', by: 'white' });
  expect((await state(match.id)).takebackOffer).toBe('white');
  expectOk(await black.client.emit('match:takeback', { matchId: match.id, action: 'accept' }));
  const done = await accepted(white.client, match.id);
  expect(done.by).toBe('black');
  expect(done.match?.ply).toBe(2);
  expect(done.match?.turn).toBe('white');
  expect(done.match?.takebackOffer).toBeNull();
  const after = await consistent(match.id);
  expect(after.ply).toBe(2);
  expect(after.turn).toBe('white');
  // Time spent stays spent: nobody's clock went up (the increments were earned by moves made).
  expect(after.clock!.white).toBeLessThanOrEqual(before.clock!.white);
  expect(after.clock!.black).toBeLessThanOrEqual(before.clock!.black);
  expect(after.clock!.running).toBe('white');
  // The game goes on from there, the same plies played again.
  expectOk(await playFirst(white.client, match.id));
  expect((await consistent(match.id)).ply).toBe(3);
  close();
});

test('asked while the opponent thinks: one ply back; declined: not asked again in that position; withdrawn: nothing changes', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'russian', CLOCK);
  const ask = asker(match.id);
  expectOk(await playFirst(white.client, match.id));
  expectOk(await ask(white.client));
  expect(refusal(await ask(white.client))).toBe('REFUSED/OFFER_STANDS');
  expectOk(await ask(black.client, 'decline'));
  await white.client.next('match:takeback', (e) => e.action === 'decline');
  let s = await consistent(match.id);
  expect([s.ply, s.turn, s.takebackOffer]).toEqual([1, 'black', null]);
  // Declined: the same request in the same position is refused, and the game says so.
  expect(refusal(await ask(white.client))).toBe('REFUSED/TAKEBACK_DECLINED');
  expect((await state(match.id)).takebackOffer).toBeNull();
  expect((await state(match.id)).takebackDeclined).toBe('white');
  // Two moves later it is another position: the asker may ask, and withdraw its own request.
  expectOk(await playFirst(black.client, match.id));
  expect((await state(match.id)).takebackDeclined).toBeNull();
  expectOk(await playFirst(white.client, match.id));
  expectOk(await ask(white.client));
  expectOk(await ask(white.client, 'decline'));
  expect(
    await black.client.next('match:takeback', (e) => e.action === 'decline' && e.by === 'white'),
  ).toBeTruthy();
  expect((await state(match.id)).takebackOffer).toBeNull();
  // A withdrawal is no decline: asked again at once, and accepted.
  expectOk(await ask(white.client));
  expectOk(await ask(black.client, 'accept'));
  await accepted(white.client, match.id);
  s = await consistent(match.id);
  expect([s.ply, s.turn]).toEqual([2, 'white']);
  close();
});

test('a declined request may be asked again in the same position reached after a takeback', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'brazilian');
  const ask = asker(match.id);
  expectOk(await playFirst(white.client, match.id));
  expectOk(await playFirst(black.client, match.id));
  expectOk(await ask(black.client)); // ply 2, white to move: black's one move back
  expectOk(await ask(white.client, 'decline'));
  expect(refusal(await ask(black.client))).toBe('REFUSED/TAKEBACK_DECLINED');
  // White asks its own (two plies) and black grants it; the game comes back to ply 2.
  expectOk(await ask(white.client));
  expectOk(await ask(black.client, 'accept'));
  await accepted(black.client, match.id);
  expectOk(await playFirst(white.client, match.id));
  expectOk(await playFirst(black.client, match.id));
  expect((await consistent(match.id)).ply).toBe(2);
  expectOk(await ask(black.client));
  close();
});

test('a move lapses the request; nothing to take back, a spectator, a finished game: refused', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'brazilian');
  const ask = asker(match.id);
  expect(refusal(await ask(white.client))).toBe('REFUSED/NOTHING_TO_TAKE_BACK'); // no move yet
  expectOk(await playFirst(white.client, match.id));
  expect(refusal(await ask(black.client))).toBe('REFUSED/NOTHING_TO_TAKE_BACK');
  expectOk(await ask(white.client));
  expectOk(await playFirst(black.client, match.id)); // answered by a move instead
  expect((await state(match.id)).takebackOffer).toBeNull();
  expect(refusal(await ask(black.client, 'accept'))).toBe('REFUSED/NO_OFFER');
  expect(refusal(await ask(black.client, 'decline'))).toBe('REFUSED/NO_OFFER');
  const watcher = await connect(server, (await newPlayer(server, 'vera')).token);
  expect(
    errorCode(await watcher.emit('match:takeback', { matchId: match.id, action: 'offer' })),
  ).toBe('NOT_A_PLAYER');
  expect(
    errorCode(await watcher.emitRaw('match:takeback', { matchId: match.id, action: 'undo' })),
  ).toBe('INVALID_PAYLOAD');
  expectOk(await white.client.emit('match:resign', { matchId: match.id }));
  expect(errorCode(await ask(white.client))).toBe('MATCH_OVER');
  expect((await consistent(match.id)).ply).toBe(2);
  watcher.close();
  close();
});

test('raced with a move, again and again: one consistent state every time', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'international', CLOCK);
  const seen = { takeback: 0, move: 0 };
  for (let round = 0; round < 8; round++) {
    expectOk(await playFirst(white.client, match.id));
    expectOk(await white.client.emit('match:takeback', { matchId: match.id, action: 'offer' }));
    const s = await state(match.id);
    const pos = Position.fromFen(s.variant, s.fen);
    if (!pos.ok) throw new Error(pos.error.message);
    const path = pos.value.legalMoves()[0].path;
    const [acceptAck, moveAck] = await raced(
      round,
      () => black.client.emit('match:takeback', { matchId: match.id, action: 'accept' }),
      () => black.client.emit('match:move', { matchId: match.id, path, ply: s.ply }),
    );
    // Exactly one wins; the other meets the state it left, and says so.
    if (acceptAck.ok) {
      expect(errorCode(moveAck)).toBe('NOT_YOUR_TURN');
      seen.takeback++;
    } else {
      expect(errorCode(acceptAck)).toBe('REFUSED');
      expectOk(moveAck);
      seen.move++;
    }
    const after = await consistent(match.id);
    expect(after.turn).toBe('white');
    expect(after.ply).toBe(acceptAck.ok ? s.ply - 1 : s.ply + 1);
  }
  expect(seen.takeback + seen.move).toBe(8);
  close();
});

test("two plies back raced with the asker's own move: never played on the earlier position", async () => {
  const { match, white, black, close } = await pairedMatch(server, 'brazilian', CLOCK);
  const seen = { takeback: 0, move: 0 };
  for (let round = 0; round < 6; round++) {
    expectOk(await playFirst(white.client, match.id));
    expectOk(await playFirst(black.client, match.id));
    // White, to move, asks for its move back (two plies), then moves anyway as Black accepts.
    expectOk(await white.client.emit('match:takeback', { matchId: match.id, action: 'offer' }));
    const s = await state(match.id);
    const pos = Position.fromFen(s.variant, s.fen);
    if (!pos.ok) throw new Error(pos.error.message);
    const path = pos.value.legalMoves()[0].path;
    const [acceptAck, moveAck] = await raced(
      round,
      () => black.client.emit('match:takeback', { matchId: match.id, action: 'accept' }),
      () => white.client.emit('match:move', { matchId: match.id, path, ply: s.ply }),
    );
    if (acceptAck.ok) {
      // White's move was for ply s.ply: at s.ply - 2 it is refused, not played there.
      expect(errorCode(moveAck)).toBe('NOT_YOUR_TURN');
      seen.takeback++;
    } else {
      expectOk(moveAck);
      seen.move++;
    }
    const after = await consistent(match.id);
    expect(after.ply).toBe(acceptAck.ok ? s.ply - 2 : s.ply + 1);
    if (!acceptAck.ok) expectOk(await playFirst(black.client, match.id));
  }
  expect(seen.takeback + seen.move).toBe(6);
  close();
});

test('a move sent for another ply is refused NOT_YOUR_TURN and changes nothing (socket and REST)', async () => {
  const { match, white, close } = await pairedMatch(server, 'russian');
  const s = await state(match.id);
  const pos = Position.fromFen(s.variant, s.fen);
  if (!pos.ok) throw new Error(pos.error.message);
  const path = pos.value.legalMoves()[0].path;
  expect(
    errorCode(await white.client.emit('match:move', { matchId: match.id, path, ply: 3 })),
  ).toBe('NOT_YOUR_TURN');
  const rest = await http(
    server,
    'POST',
    `/api/matches/${match.id}/moves`,
    { path, ply: 1 },
    white.player.token,
  );
  expect([rest.status, rest.body.error.code]).toEqual([409, 'NOT_YOUR_TURN']);
  expect(
    errorCode(await white.client.emitRaw('match:move', { matchId: match.id, path, ply: -1 })),
  ).toBe('INVALID_PAYLOAD');
  expect((await consistent(match.id)).ply).toBe(0);
  expectOk(await white.client.emit('match:move', { matchId: match.id, path, ply: 0 }));
  close();
});

test('a rated game has takebacks too (as lichess): asked, accepted, and it stays rated', async () => {
  const tag = randomUUID().slice(0, 8);
  const [a, b] = [await newAccount(server, `tb_a${tag}`), await newAccount(server, `tb_b${tag}`)];
  const [ca, cb] = [await connect(server, a.token), await connect(server, b.token)];
  for (const c of [ca, cb])
    expectOk(await c.emit('queue:join', { variant: 'english', clock: CLOCK, rated: true }));
  const start = await ca.next('match:start');
  await cb.next('match:start');
  expect([start.rated, start.takebacks]).toEqual([true, true]);
  // In english the dark side (black) moves first.
  const aFirst = (start.turn === 'white') === (start.white.id === a.id);
  const [first, second] = aFirst ? [ca, cb] : [cb, ca];
  expectOk(await playFirst(first, start.id));
  expectOk(await playFirst(second, start.id));
  expectOk(await first.emit('match:takeback', { matchId: start.id, action: 'offer' }));
  expectOk(await second.emit('match:takeback', { matchId: start.id, action: 'accept' }));
  await accepted(first, start.id);
  const s = await consistent(start.id);
  expect([s.ply, s.turn, s.rated]).toEqual([0, start.turn, true]);
  // Both have moved again: resigning ends it rated, both ratings moved.
  expectOk(await playFirst(first, start.id));
  expectOk(await playFirst(second, start.id));
  expectOk(await first.emit('match:resign', { matchId: start.id }));
  const end = await second.next('match:end', (e) => e.match.id === start.id);
  const [resigned, won] =
    start.turn === 'white'
      ? [end.match.white, end.match.black]
      : [end.match.black, end.match.white];
  expect(resigned.ratingDiff).toBeLessThan(0);
  expect(won.ratingDiff).toBeGreaterThan(0);
  ca.close();
  cb.close();
});

test('a player who switched takebacks off: none in their games, either way', async () => {
  const a = await newPlayer(server, 'ana');
  const settings = await http(
    server,
    'PATCH',
    '/api/players/me/settings',
    { takebacks: false },
    a.token,
  );
  expect(settings.status).toBe(200);
  expect(settings.body.takebacks).toBe(false);
  const b = await newPlayer(server, 'bruno');
  const ca = await connect(server, a.token);
  const cb = await connect(server, b.token);
  expectOk(await ca.emit('queue:join', { variant: 'pool' }));
  expectOk(await cb.emit('queue:join', { variant: 'pool' }));
  const start = await ca.next('match:start');
  expect(start.takebacks).toBe(false);
  const [w, bl] = start.white.id === a.id ? [ca, cb] : [cb, ca];
  expectOk(await playFirst(w, start.id));
  expectOk(await playFirst(bl, start.id));
  for (const c of [ca, cb])
    expect(refusal(await c.emit('match:takeback', { matchId: start.id, action: 'offer' }))).toBe(
      'REFUSED/TAKEBACKS_OFF',
    );
  // Switched on again: this game stays as it started; the next one has takebacks.
  await http(server, 'PATCH', '/api/players/me/settings', { takebacks: true }, a.token);
  expect((await state(start.id)).takebacks).toBe(false);
  expectOk(await ca.emit('match:resign', { matchId: start.id }));
  expectOk(await ca.emit('queue:join', { variant: 'pool' }));
  expectOk(await cb.emit('queue:join', { variant: 'pool' }));
  const next = await ca.next('match:start', (m) => m.id !== start.id);
  expect(next.takebacks).toBe(true);
  ca.close();
  cb.close();
});

test('against the computer: granted at once on my turn, refused while it thinks', async () => {
  const me = await newPlayer(server, 'solo');
  const c = await connect(server, me.token);
  const { matchId } = expectOk(
    await c.emit('computer:play', { variant: 'russian', level: 8, color: 'black', clock: null }),
  );
  // The computer (white) moves first; I have nothing to take back yet.
  await c.next('match:move', (m) => m.matchId === matchId && m.ply === 1);
  expect(refusal(await c.emit('match:takeback', { matchId, action: 'offer' }))).toBe(
    'REFUSED/NOTHING_TO_TAKE_BACK',
  );
  // A move the computer has several answers to and no capture (a forced one is played at once):
  // level 8 thinks for a second, and a request meanwhile is refused.
  const s = await state(matchId);
  const pos = unwrap(Position.fromFen(s.variant, s.fen));
  const mine = pos.legalMoves().find((m) => !pos.play(m).hasCapture && pos.play(m).moveCount() > 1);
  if (!mine) throw new Error('no quiet move');
  expectOk(await c.emit('match:move', { matchId, path: mine.path }));
  expect(refusal(await c.emit('match:takeback', { matchId, action: 'offer' }))).toBe(
    'REFUSED/COMPUTER_THINKING',
  );
  await c.next('match:move', (m) => m.matchId === matchId && m.ply === 3, 15_000);
  expectOk(await c.emit('match:takeback', { matchId, action: 'offer' }));
  const done = await accepted(c, matchId);
  expect([done.by, done.match?.ply, done.match?.turn]).toEqual(['white', 1, 'black']);
  expect((await consistent(matchId)).ply).toBe(1);
  // My move again, and the computer answers it as before.
  expectOk(await playFirst(c, matchId));
  await c.next('match:move', (m) => m.matchId === matchId && m.ply === 3, 15_000);
  expect((await consistent(matchId)).ply).toBe(3);
  c.close();
});

test('settings: defaults, a partial change kept, bad values and strangers refused', async () => {
  const p = await newPlayer(server, 'set');
  const got = await http(server, 'GET', '/api/players/me/settings', undefined, p.token);
  expect(got.body).toEqual({
    boardTheme: 'wood',
    pieceStyle: 'flat',
    colorScheme: 'system',
    coordinates: true,
    squareNumbers: false,
    premoves: true,
    takebacks: true,
    sounds: true,
    language: null,
    notifyYourTurn: true,
    notifyChallenges: true,
    notifyTournaments: true,
    notifyFollowed: true,
    browserNotify: false,
    titleFlash: true,
  });
  const patched = await http(
    server,
    'PATCH',
    '/api/players/me/settings',
    { boardTheme: 'blue', language: 'pt-BR', sounds: false, colorScheme: 'dark' },
    p.token,
  );
  expect(patched.status).toBe(200);
  const again = (await http(server, 'GET', '/api/players/me/settings', undefined, p.token)).body;
  expect(again).toEqual(patched.body);
  expect([
    again.boardTheme,
    again.language,
    again.sounds,
    again.pieceStyle,
    again.colorScheme,
  ]).toEqual(['blue', 'pt-BR', false, 'flat', 'dark']);
  for (const bad of [
    { boardTheme: 'pink' },
    { colorScheme: 'sepia' },
    { sounds: 'yes' },
    { language: 'de' },
    { colour: 1 },
  ]) {
    const r = await http(server, 'PATCH', '/api/players/me/settings', bad, p.token);
    expect([r.status, r.body.error?.code]).toEqual([400, 'INVALID_PAYLOAD']);
  }
  expect((await http(server, 'GET', '/api/players/me/settings', undefined, p.token)).body).toEqual(
    again,
  );
  const anon = await http(server, 'PATCH', '/api/players/me/settings', { sounds: true });
  expect([anon.status, anon.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
});
