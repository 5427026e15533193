/**
 * The browser client: lobby (identity, variant, clock, queue, live games), then the game
 * (board, clocks, moves, draw / resign / abort / claim / rematch), all over PROTOCOL.md.
 * The server decides everything; the client asks for legal moves and renders what it is told.
 */
import {
  getVariant,
  moveToText,
  Position,
  unwrap,
  VARIANT_IDS,
  type Color,
  type Move,
} from '../../src/rules/index.js';
import type { MatchState, MoveEvent } from '../../src/common/protocol.js';
import { BoardView } from './board.js';
import {
  createIdentity,
  explain,
  forgetIdentity,
  storedIdentity,
  Wire,
  WireError,
  type Identity,
} from './net.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const MATCH = 'damas.match';

let identity: Identity | null = storedIdentity();
let wire: Wire | null = null;
let game: {
  state: MatchState;
  me: Color | null;
  position: Position;
  moves: string[];
  selected: number | null;
  targets: Move[];
  clockAt: number;
  away: Partial<Record<Color, number>>;
  rematchBy: Color | null;
} | null = null;
const board = new BoardView($('board') as unknown as SVGSVGElement);
let queue: Promise<void> = Promise.resolve();
/**
 * Game events and (re)loads of a game are handled one after another, in arrival order: a move
 * that arrives while a game is being shown (its history fetched) is applied after it, not lost.
 */
function serially(fn: () => void | Promise<void>): Promise<void> {
  const run = queue.then(fn);
  queue = run.catch(() => undefined); // a failed step reports to its caller; the rest go on
  return run;
}

// ---------------------------------------------------------------------------------- messages
let messageTimer: ReturnType<typeof setTimeout> | undefined;
function say(text: string): void {
  const m = $('message');
  m.textContent = text;
  m.hidden = false;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => (m.hidden = true), 6000);
}
async function attempt(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    say(explain(e));
    if (e instanceof WireError && e.code === 'UNAUTHENTICATED') {
      forgetIdentity();
      identity = null;
    }
  }
}

// ---------------------------------------------------------------------------------- identity + socket
async function ensureWire(name?: string): Promise<Wire> {
  if (!identity || (name && name !== identity.name))
    identity = await createIdentity(name || 'guest');
  if (wire) return wire;
  const w = new Wire(identity.token);
  wire = w;
  w.socket.on('connect_error', (err: Error & { data?: { code?: string } }) => {
    if (err.data?.code === 'UNAUTHENTICATED') {
      forgetIdentity();
      identity = null;
      wire = null;
      w.socket.close();
      say('Your guest identity is no longer known: pick a name again.');
    }
  });
  // After a reconnect (server restart, network), take the game up again where the server has it.
  w.socket.on('connect', () => {
    if (game) void attempt(() => join(game!.state.id));
  });
  w.on('match:start', (s: MatchState) => {
    setWaiting(false);
    void serially(() => show(s));
  });
  w.on('match:move', (e: MoveEvent) => void serially(() => onMove(e)));
  w.on('match:end', (e: { matchId: string; match: MatchState }) => {
    void serially(() => {
      if (game?.state.id === e.matchId) {
        game.state = { ...e.match };
        game.clockAt = performance.now();
        draw();
      }
    });
  });
  w.on('match:draw', (d: { matchId: string; action: string; by: Color }) => {
    if (game?.state.id !== d.matchId) return;
    game.state.drawOffer = d.action === 'offer' ? d.by : null;
    if (d.action === 'decline' && d.by !== game.me) say('Your draw offer was declined.');
    draw();
  });
  w.on(
    'match:presence',
    (p: { matchId: string; color: Color; online: boolean; claimAt?: number }) => {
      if (game?.state.id !== p.matchId) return;
      if (p.online) delete game.away[p.color];
      else game.away[p.color] = p.claimAt ?? Date.now();
      draw();
    },
  );
  w.on('match:rematch', (r: { matchId: string; action: string; by: Color }) => {
    if (game?.state.id !== r.matchId) return;
    game.rematchBy = r.action === 'offer' ? r.by : null;
    if (r.action === 'decline' && r.by !== game.me) say('Your rematch offer was declined.');
    draw();
  });
  return w;
}

// ---------------------------------------------------------------------------------- lobby
function setWaiting(on: boolean): void {
  $('waiting').hidden = !on;
  ($('play') as HTMLButtonElement).disabled = on;
}

async function refreshLive(): Promise<void> {
  if (!$('lobby').hidden) {
    const res = await fetch('/api/matches?status=active').catch(() => null);
    const list = res?.ok ? ((await res.json()) as MatchState[]) : [];
    const ul = $('live');
    ul.replaceChildren(
      ...list.slice(0, 20).map((m) => {
        const li = document.createElement('li');
        li.textContent = `${m.white.name} – ${m.black.name} · ${getVariant(m.variant).name} · move ${Math.floor(m.ply / 2) + 1}`;
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = 'Watch';
        b.addEventListener(
          'click',
          () => void attempt(async () => (await ensureWire(), join(m.id))),
        );
        li.append(b);
        return li;
      }),
    );
    $('no-live').hidden = list.length > 0;
  }
}

function showLobby(): void {
  game = null;
  localStorage.removeItem(MATCH);
  $('game').hidden = true;
  $('lobby').hidden = false;
  void refreshLive();
}

// ---------------------------------------------------------------------------------- game
async function join(matchId: string): Promise<void> {
  const w = await ensureWire();
  const { match } = await w.call<{ match: MatchState }>('match:join', { matchId });
  await serially(() => show(match));
}

async function show(s: MatchState): Promise<void> {
  const me =
    identity && s.white.id === identity.id
      ? 'white'
      : identity && s.black.id === identity.id
        ? 'black'
        : null;
  const history = await fetch(`/api/matches/${s.id}/history`).then((r) =>
    r.ok ? (r.json() as Promise<MoveEvent[]>) : [],
  );
  let pos = unwrap(Position.fromFen(s.variant, s.initialFen));
  const moves: string[] = [];
  for (const e of history) {
    const m = pos.findMove({ path: e.path });
    if (!m.ok) break;
    moves.push(moveToText(pos, m.value));
    pos = pos.play(m.value);
  }
  game = {
    state: s,
    me,
    position: unwrap(Position.fromFen(s.variant, s.fen)),
    moves,
    selected: null,
    targets: [],
    clockAt: performance.now(),
    away: {},
    rematchBy: null,
  };
  if (me) localStorage.setItem(MATCH, s.id);
  $('lobby').hidden = true;
  $('game').hidden = false;
  draw();
}

async function onMove(e: MoveEvent): Promise<void> {
  if (!game || game.state.id !== e.matchId || e.ply <= game.state.ply) return;
  const before = game.position;
  const move = before.findMove({ path: e.path });
  if (move.ok) game.moves.push(moveToText(before, move.value));
  game.selected = null;
  game.targets = [];
  $('paths').hidden = true;
  await board.animate(e.path, e.captures);
  game.position = unwrap(Position.fromFen(game.state.variant, e.fen));
  game.state = { ...game.state, ply: e.ply, fen: e.fen, turn: e.turn, clock: e.clock };
  if (game.state.drawOffer && game.state.drawOffer !== e.by) game.state.drawOffer = null;
  game.clockAt = performance.now();
  draw();
}

async function pick(square: number): Promise<void> {
  if (!game || !wire) return;
  const { state, me } = game;
  if (state.status !== 'active') return say('The game is over.');
  if (!me) return say('You are watching this game: only its players can move.');
  const target = game.targets.filter((m) => m.to === square);
  if (target.length === 1) return send(target[0]);
  if (target.length > 1) return choosePath(target);
  const piece = game.position.pieceAt(square);
  if (piece?.color !== me) {
    game.selected = null;
    game.targets = [];
    draw();
    if (piece) return say('That is not your piece.');
    return;
  }
  if (state.turn !== me) return say("It is your opponent's turn.");
  const { moves } = await wire.call<{ moves: Move[] }>('match:moves', {
    matchId: state.id,
    square,
  });
  if (moves.length === 0) {
    say(
      game.position.hasCapture
        ? 'That piece cannot move now: a capture is mandatory elsewhere.'
        : 'That piece has no legal move.',
    );
  }
  game.selected = moves.length ? square : null;
  game.targets = moves;
  draw();
}

function choosePath(moves: Move[]): void {
  const box = $('paths');
  box.replaceChildren(document.createTextNode('Several captures lead there. Choose: '));
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.path.join('x');
    b.addEventListener('click', () => void attempt(() => send(m)));
    box.append(b);
  }
  box.hidden = false;
  (box.querySelector('button') as HTMLButtonElement | null)?.focus();
}

async function send(m: Move): Promise<void> {
  if (!game || !wire) return;
  $('paths').hidden = true;
  await wire.call('match:move', { matchId: game.state.id, path: m.path });
}

// ---------------------------------------------------------------------------------- drawing
const REASONS: Record<string, string> = {
  'no-pieces': 'no pieces left',
  'no-moves': 'no legal move left',
  resign: 'resignation',
  timeout: 'time ran out',
  'draw-agreed': 'agreement',
  'draw-rule': 'the draw rules',
  abandoned: 'the opponent left',
  aborted: 'aborted',
};

function draw(): void {
  if (!game) return;
  const { state, me, position } = game;
  board.render({
    position,
    flipped: me === 'black',
    numbers: ($('numbers') as HTMLInputElement).checked,
    selected: game.selected,
    targets: game.targets.map((m) => m.to),
  });
  const bottom: Color = me === 'black' ? 'black' : 'white';
  const top: Color = bottom === 'white' ? 'black' : 'white';
  for (const [id, color] of [
    ['top-player', top],
    ['bottom-player', bottom],
  ] as const) {
    const el = $(id);
    const away = game.away[color] !== undefined ? ' <span class="away">(away)</span>' : '';
    el.innerHTML = `<span>${escapeHtml(state[color].name)} (${color})${away}</span><span class="clock" data-clock="${color}"></span>`;
  }
  tick();
  const over = state.status === 'finished';
  const r = state.result;
  $('status').textContent = over
    ? 'Game over'
    : me === null
      ? `Watching · ${state.turn} to move`
      : state.turn === me
        ? 'Your move'
        : "Opponent's move";
  const banner = $('banner');
  banner.hidden = !over || !r;
  if (r) {
    banner.textContent =
      r.reason === 'aborted'
        ? 'The game was aborted.'
        : r.winner
          ? `${capitalize(r.winner)} wins by ${REASONS[r.reason] ?? r.reason}${r.winner === me ? ' — well played!' : ''}`
          : `Draw by ${REASONS[r.reason] ?? r.reason}${r.rule ? ` (${r.rule})` : ''}`;
  }
  const playing = me !== null && !over;
  const opponent: Color | null = me === 'white' ? 'black' : me === 'black' ? 'white' : null;
  show_('resign', playing);
  show_('offer-draw', playing && state.drawOffer !== me && state.drawOffer === null);
  show_('accept-draw', playing && state.drawOffer === opponent);
  show_('decline-draw', playing && state.drawOffer === opponent);
  show_('abort', playing && state.ply < 2);
  show_('claim', playing && opponent !== null && game.away[opponent] !== undefined);
  show_('rematch', me !== null && over && game.rematchBy === null);
  show_('accept-rematch', me !== null && over && game.rematchBy === opponent);
  const ol = $('moves');
  ol.replaceChildren(
    ...pairs(game.moves).map((p) => {
      const li = document.createElement('li');
      li.textContent = p.join('  ');
      return li;
    }),
  );
}

function tick(): void {
  if (!game?.state.clock) {
    document.querySelectorAll<HTMLElement>('[data-clock]').forEach((e) => (e.hidden = true));
    return;
  }
  const c = game.state.clock;
  const spent = game.state.status === 'active' ? performance.now() - game.clockAt : 0;
  for (const color of ['white', 'black'] as const) {
    const el = document.querySelector<HTMLElement>(`[data-clock="${color}"]`);
    if (!el) continue;
    const running = c.running === color && game.state.status === 'active';
    el.textContent = formatMs(Math.max(0, c[color] - (running ? spent : 0)));
    el.classList.toggle('running', running);
  }
}

function formatMs(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (ms < 10_000) return `0:0${(ms / 1000).toFixed(1)}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
const pairs = (xs: string[]) =>
  xs.reduce<string[][]>((a, x, i) => (i % 2 ? a[a.length - 1].push(x) : a.push([x]), a), []);
const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
function show_(id: string, on: boolean): void {
  $(id).hidden = !on;
}

// ---------------------------------------------------------------------------------- wiring
function act(id: string, event: string, payload: () => object): void {
  $(id).addEventListener(
    'click',
    () => void attempt(async () => game && (await wire?.call(event, payload()))),
  );
}

function boot(): void {
  const variant = $('variant') as HTMLSelectElement;
  for (const id of VARIANT_IDS) variant.add(new Option(getVariant(id).name, id));
  ($('name') as HTMLInputElement).value = identity?.name ?? '';
  $('who').textContent = identity ? `Playing as ${identity.name}` : '';
  $('play-form').addEventListener('submit', (e) => {
    e.preventDefault();
    void attempt(async () => {
      const name = ($('name') as HTMLInputElement).value.trim();
      const w = await ensureWire(name);
      $('who').textContent = `Playing as ${identity?.name}`;
      const clock = ($('clock') as HTMLSelectElement).value;
      const [initial, increment] = clock ? clock.split('+').map(Number) : [];
      setWaiting(true);
      try {
        await w.call('queue:join', {
          variant: variant.value,
          ...(clock ? { clock: { initial, increment } } : {}),
        });
      } catch (err) {
        setWaiting(false);
        throw err;
      }
    });
  });
  $('cancel').addEventListener(
    'click',
    () => void attempt(async () => (await wire?.call('queue:leave'), setWaiting(false))),
  );
  board.onPick((sq) => void attempt(() => pick(sq)));
  ($('numbers') as HTMLInputElement).addEventListener('change', draw);
  const id = () => ({ matchId: game!.state.id });
  act('resign', 'match:resign', id);
  act('offer-draw', 'match:draw', () => ({ ...id(), action: 'offer' }));
  act('accept-draw', 'match:draw', () => ({ ...id(), action: 'accept' }));
  act('decline-draw', 'match:draw', () => ({ ...id(), action: 'decline' }));
  act('abort', 'match:abort', id);
  act('claim', 'match:claim', id);
  act('rematch', 'match:rematch', () => ({ ...id(), action: 'offer' }));
  act('accept-rematch', 'match:rematch', () => ({ ...id(), action: 'accept' }));
  $('leave').addEventListener('click', showLobby);
  setInterval(tick, 100);
  setInterval(() => void refreshLive(), 5000);
  const last = localStorage.getItem(MATCH);
  if (identity && last) void attempt(() => join(last)).then(() => (game ? undefined : showLobby()));
  else showLobby();
}

boot();
