/**
 * The analysis board's opening explorer without a browser: the addresses it asks (each source
 * with its own filters), the moves from the start that name the opening, and its requests: asked
 * once the position holds still, a stale request cancelled and its late answer dropped, an answer
 * seen before shown again without asking, an error said in the server's words.
 */
import { explorerUrl } from '../../client/src/lib/explorer-api.js';
import type { ExplorerAnswer } from '../../src/common/protocol.js';
import {
  EXPLORER_DEBOUNCE_MS,
  ExplorerCtrl,
  movesFromStart,
} from '../../client/src/pages/analysis/explorer.js';
import { AnalysisTree } from '../../client/src/lib/study/tree.js';
import { Position, unwrap } from '../../src/rules/index.js';

const start = Position.initial('brazilian');
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('each source asks with its own filters', () => {
  const q = { variant: 'brazilian', fen: 'W:W21:B1', play: ['22-18', '11-15'] } as const;
  const all = {
    speeds: ['blitz', 'rapid'],
    ratings: [1400, 1600],
    name: 'ana',
    color: 'black',
  } as const;
  const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
  expect(explorerUrl({ ...q, ...all, source: 'lichess' })).toMatch(/^\/api\/explorer\/lichess\?/);
  expect(params(explorerUrl({ ...q, ...all, source: 'lichess' }))).toEqual({
    variant: 'brazilian',
    fen: 'W:W21:B1',
    speeds: 'blitz,rapid',
    ratings: '1400,1600',
    play: '22-18,11-15',
  });
  expect(params(explorerUrl({ ...q, ...all, source: 'masters' }))).toEqual({
    variant: 'brazilian',
    fen: 'W:W21:B1',
    play: '22-18,11-15',
  });
  expect(params(explorerUrl({ ...q, ...all, source: 'player' }))).toEqual({
    variant: 'brazilian',
    fen: 'W:W21:B1',
    name: 'ana',
    color: 'black',
    speeds: 'blitz,rapid',
  });
});

test('the moves from the start, none from a set-up position', () => {
  const tree = AnalysisTree.from(start);
  const m = unwrap(start.findMove({ from: 22, to: 18 }));
  tree.play(m);
  tree.play(unwrap(tree.position.findMove({ from: 11, to: 15 })));
  expect(movesFromStart(tree, start.fen)).toEqual(['22-18', '11-15']);
  const setUp = AnalysisTree.from(start.play(m));
  expect(movesFromStart(setUp, start.fen)).toEqual([]);
});

describe('requests', () => {
  const real = globalThis.fetch;
  let asked: {
    url: string;
    signal: AbortSignal;
    answer: (body: unknown, status?: number) => void;
  }[];
  beforeEach(() => {
    asked = [];
    globalThis.fetch = ((url: string, init: RequestInit) =>
      new Promise<Response>((done) =>
        asked.push({
          url,
          signal: init.signal!,
          answer: (body, status = 200) => done(new Response(JSON.stringify(body), { status })),
        }),
      )) as typeof fetch;
  });
  afterAll(() => (globalThis.fetch = real));
  const answer = (fen: string) => ({ fen, moves: [] }) as unknown as ExplorerAnswer;

  test('asked once the position holds still; a stale answer is dropped', async () => {
    let redraws = 0;
    const ctrl = new ExplorerCtrl(() => redraws++);
    ctrl.want('brazilian', 'A', []);
    ctrl.want('brazilian', 'B', []);
    expect(ctrl.state.status).toBe('loading');
    await wait(EXPLORER_DEBOUNCE_MS + 50);
    expect(asked.map((a) => new URL(a.url, 'http://x').searchParams.get('fen'))).toEqual(['B']);
    // B in flight, C wanted: B cancelled, and its answer (come anyway) not shown.
    ctrl.want('brazilian', 'C', []);
    expect(asked[0].signal.aborted).toBe(true);
    asked[0].answer(answer('B'));
    await wait(EXPLORER_DEBOUNCE_MS + 50);
    asked[1].answer(answer('C'));
    await wait(10);
    expect(ctrl.state).toEqual({ status: 'done', answer: answer('C') });
    expect(redraws).toBe(1);
    // C again after B: B is asked; then C is shown at once, not asked again.
    ctrl.want('brazilian', 'B', []);
    await wait(EXPLORER_DEBOUNCE_MS + 50);
    asked[2].answer(answer('B'));
    await wait(10);
    ctrl.want('brazilian', 'C', []);
    expect(ctrl.state).toEqual({ status: 'done', answer: answer('C') });
    expect(asked).toHaveLength(3);
  });

  test("an error in the server's words; a player's tab without a name asks nothing", async () => {
    const ctrl = new ExplorerCtrl(() => undefined);
    ctrl.want('brazilian', 'bad', []);
    await wait(EXPLORER_DEBOUNCE_MS + 50);
    asked[0].answer({ error: { code: 'NOT_FOUND', message: 'no player "x"' } }, 404);
    await wait(10);
    expect(ctrl.state).toEqual({
      status: 'error',
      message: 'The explorer cannot answer: no player "x"',
    });
    ctrl.set({ source: 'player', name: '' });
    ctrl.want('brazilian', 'A', []);
    expect(ctrl.state).toEqual({ status: 'idle' });
    await wait(EXPLORER_DEBOUNCE_MS + 50);
    expect(asked).toHaveLength(1);
  });
});
