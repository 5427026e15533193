/**
 * The training page's state and actions, in its three modes: a puzzle (/training, a variant, the
 * daily one, one by its link), a streak (puzzles of rising difficulty until a mistake) and a
 * storm (3 minutes, as many as possible). Each puzzle is a PuzzleRun: the opponent's last move
 * played in, the solver's moves judged at once, the replies played; a mistake fails it and the
 * solution may be shown. Moves are the rules library's, in the browser. No DOM: the page is
 * reached through `TrainingUi`.
 */
import type { PuzzleRoundAnswer } from '../../../../src/common/protocol.js';
import type { Move, VariantId } from '../../../../src/rules/index.js';
import type { Identity } from '../../lib/api.js';
import { explain, WireError } from '../../lib/errors.js';
import { t, variantName } from '../../lib/i18n/index.js';
import {
  dailyPuzzle,
  endStorm,
  nextPuzzle,
  postRound,
  postVote,
  puzzleById,
  startStorm,
  streakPuzzles,
} from '../../lib/puzzles-api.js';
import { PuzzleLine, PuzzleRun, type PuzzleView, type Verdict } from './puzzle-line.js';
import { StormClock } from './storm-clock.js';
import type { TrainingRoute } from './training-route.js';

/** The pauses of the page's own moves (ms): the opponent's last move, a reply, a solution's move. */
export const PAUSE = { intro: 500, reply: 300, solution: 600, next: 900, storm: 150 };

export interface TrainingUi {
  redraw(): void;
  say(text: string): void;
  /** The board glides `move` from the position drawn (a solver's dropped piece stays put). */
  animate(move: Move): Promise<void>;
  /** Several capture paths lead to the square picked: the player picks one. */
  choosePath(moves: Move[], choose: (m: Move) => void): void;
  hidePaths(): void;
  /** This puzzle's address (a puzzle's link, the mode's address). */
  address(path: string): void;
  identity(): Identity | null;
  account(): boolean;
}

export type Mode = TrainingRoute['mode'];

/** How the last puzzle went: its round's answer (null until it comes, or for a guest). */
export interface Outcome {
  win: boolean;
  round: PuzzleRoundAnswer | null;
  voted: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The best streak kept in this browser, per variant. */
const STREAK_BEST = (v: VariantId) => `damas.streak.best.${v}`;

export class TrainingCtrl {
  mode: Mode;
  variant: VariantId;
  view: PuzzleView | null = null;
  run: PuzzleRun | null = null;
  /** The daily puzzle's date, when the puzzle shown is the daily one. */
  date: string | null = null;
  selected: number | null = null;
  targets: Move[] = [];
  /** The board is playing a move of the page's own: no pick until it is done. */
  busy = false;
  /** The last move's words ("Best move!", "That is not the move."), null when none. */
  feedback: Verdict | null = null;
  outcome: Outcome | null = null;
  /** Nothing to show: why (no puzzles for the variant, a bad link). */
  empty: string | null = null;
  solutionShown = false;
  /** The streak: its puzzles, the one shown, the score; over after a mistake. */
  streak: { puzzles: PuzzleView[]; index: number; score: number; over: boolean } | null = null;
  /** The storm: its run, puzzles, the one shown, its clock; its end's answer. */
  storm: {
    run: string;
    puzzles: PuzzleView[];
    index: number;
    clock: StormClock;
    ended: boolean;
    result: { score: number; best: number } | null;
  } | null = null;
  /** Each puzzle shown gets a number: a late answer for one no longer shown is dropped. */
  private shown = 0;

  constructor(
    route: TrainingRoute,
    variant: VariantId,
    private readonly ui: TrainingUi,
  ) {
    this.mode = route.mode;
    this.variant =
      route.mode === 'puzzle' && route.source.kind === 'next' && route.source.variant
        ? route.source.variant
        : variant;
  }

  /** The address's puzzle (or run) read and shown. */
  async open(route: TrainingRoute): Promise<void> {
    try {
      if (route.mode === 'streak') return await this.newStreak();
      if (route.mode === 'storm') return await this.newStorm();
      const who = this.ui.identity();
      const src = route.source;
      const view =
        src.kind === 'daily'
          ? await dailyPuzzle(who)
          : src.kind === 'id'
            ? await puzzleById(src.id, who)
            : await nextPuzzle(this.variant, who);
      this.date = 'date' in view && typeof view.date === 'string' ? view.date : null;
      await this.show(view);
    } catch (e) {
      this.fail(e, route.mode === 'puzzle' && route.source.kind === 'id');
    }
  }

  /** Nothing to show: a puzzle's link that leads nowhere, a variant without puzzles. */
  private fail(e: unknown, link = false): void {
    if (e instanceof WireError && e.code === 'NOT_FOUND')
      this.empty = link
        ? t('puzzle.notFound')
        : t('puzzle.none', { variant: variantName(this.variant) });
    else this.ui.say(explain(e));
    this.ui.redraw();
  }

  /** Another variant picked: its next puzzle (or a new streak or storm in it). */
  async pickVariant(variant: VariantId): Promise<void> {
    this.variant = variant;
    if (this.mode === 'streak') return this.newStreak().catch((e) => this.fail(e));
    if (this.mode === 'storm') return this.newStorm().catch((e) => this.fail(e));
    this.ui.address(`/training/${variant}`);
    await this.next();
  }

  /** The next puzzle near my rating, in the variant shown. */
  async next(): Promise<void> {
    this.date = null;
    try {
      await this.show(await nextPuzzle(this.variant, this.ui.identity()));
    } catch (e) {
      this.fail(e);
    }
  }

  /** A puzzle shown: its start, then the opponent's last move glides in. */
  private async show(view: PuzzleView): Promise<void> {
    const n = ++this.shown;
    const line = PuzzleLine.read(view.puzzle);
    this.deselect();
    this.view = view;
    this.variant = view.puzzle.variant;
    this.feedback = null;
    this.outcome = null;
    this.solutionShown = false;
    this.empty = line ? null : t('puzzle.unreadable');
    this.run = line && new PuzzleRun(line);
    if (this.mode === 'puzzle') this.ui.address(`/training/${view.puzzle.id}`);
    this.busy = true;
    this.ui.redraw();
    if (!this.run) return;
    await sleep(this.mode === 'storm' ? PAUSE.storm : PAUSE.intro);
    if (n !== this.shown) return;
    await this.ui.animate(this.run.line.moves[0]);
    this.run.playIntro();
    this.busy = false;
    this.ui.redraw();
  }

  /** Whether this browser plays as an account (its rounds rated, its votes taken). */
  get accountNow(): boolean {
    return this.ui.account();
  }

  deselect(): void {
    this.selected = null;
    this.targets = [];
    this.ui.hidePaths();
  }

  /** Whether the board takes picks now. */
  get playing(): boolean {
    return this.run?.status === 'play' && !this.busy && !this.stormOver;
  }

  /** A square clicked: a move to it, a choice among paths, or its piece selected. */
  pick(sq: number): void {
    const run = this.run;
    if (!run || !this.playing) return;
    const to = this.targets.filter((m) => m.to === sq);
    if (to.length === 1) return void this.play(to[0]);
    if (to.length > 1) return this.ui.choosePath(to, (m) => void this.play(m));
    const pos = run.position;
    const piece = pos.pieceAt(sq);
    this.deselect();
    if (piece && piece.color === pos.turn) {
      const moves = pos.movesFrom(sq);
      if (moves.length === 0)
        this.ui.say(t(pos.hasCapture ? 'move.captureElsewhere' : 'move.noLegal'));
      this.selected = moves.length ? sq : null;
      this.targets = moves;
    } else if (piece) this.ui.say(t(`move.sideToMove.${pos.turn}`));
    this.ui.redraw();
  }

  /** The piece to move, highlighted (its moves shown). */
  hint(): void {
    const run = this.run;
    if (!run || !this.playing) return;
    const sq = run.hint();
    if (sq === null) return;
    this.selected = sq;
    this.targets = run.position.movesFrom(sq);
    this.ui.redraw();
  }

  /** A solver's move: judged at once; a right one answered by the opponent's reply. */
  async play(move: Move): Promise<void> {
    const run = this.run;
    if (!run || !this.playing) return;
    const n = this.shown;
    this.deselect();
    this.busy = true;
    // Drawn busy before the glide: no pick is taken until the move is judged.
    this.ui.redraw();
    await this.ui.animate(move);
    const verdict = run.attempt(move);
    this.feedback = verdict;
    if (this.storm) {
      if (verdict === 'wrong') this.storm.clock.wrong(Date.now());
      else this.storm.clock.right(Date.now(), verdict === 'solved');
    }
    this.ui.redraw();
    if (verdict === 'right') {
      await sleep(PAUSE.reply);
      if (n !== this.shown) return;
      await this.ui.animate(run.line.moves[run.at]);
      run.playReply();
      this.busy = false;
      return this.ui.redraw();
    }
    this.busy = false;
    await this.finish(verdict === 'solved');
  }

  /** A puzzle over: its round (a puzzle's), the streak's score, the storm's next puzzle. */
  private async finish(win: boolean): Promise<void> {
    const view = this.view!;
    const n = this.shown;
    if (this.mode === 'puzzle') {
      this.outcome = { win, round: null, voted: false };
      this.ui.redraw();
      try {
        const round = await postRound(view.puzzle.id, win, this.ui.identity());
        if (n === this.shown && this.outcome) this.outcome.round = round;
      } catch (e) {
        this.ui.say(explain(e));
      }
      return this.ui.redraw();
    }
    if (this.mode === 'streak' && this.streak) {
      if (!win) {
        this.streak.over = true;
        return this.ui.redraw();
      }
      this.streak.score++;
      this.keepBest(this.streak.score);
      this.ui.redraw();
      await sleep(PAUSE.next);
      if (n === this.shown) await this.nextOfRun();
      return;
    }
    // The storm: the next puzzle at once, right or wrong.
    await this.nextOfRun();
  }

  /** The streak's or the storm's next puzzle (the end of the list ends it). */
  private async nextOfRun(): Promise<void> {
    const list = this.streak ?? this.storm;
    if (!list) return;
    if (this.stormOver) return this.endStorm();
    list.index++;
    const view = list.puzzles[list.index];
    if (!view) {
      if (this.streak) this.streak.over = true;
      if (this.storm) await this.endStorm();
      return this.ui.redraw();
    }
    await this.show(view);
  }

  /** The solution played in, a move at a time (after a mistake, or asked for instead). */
  async showSolution(): Promise<void> {
    const run = this.run;
    if (!run || this.busy || this.solutionShown) return;
    const n = this.shown;
    const gaveUp = run.status === 'play';
    if (gaveUp) {
      run.status = 'failed';
      this.feedback = 'wrong';
    }
    this.deselect();
    this.solutionShown = true;
    this.busy = true;
    run.rewind();
    this.ui.redraw();
    // Given up before a mistake: the puzzle is failed as a mistake would.
    if (gaveUp) void this.finish(false);
    for (;;) {
      await sleep(PAUSE.solution);
      if (n !== this.shown) return;
      const move = run.line.moves[run.at];
      if (!move) break;
      await this.ui.animate(move);
      run.stepSolution();
      this.ui.redraw();
    }
    this.busy = false;
    this.ui.redraw();
  }

  /** An account's vote on the puzzle just played. */
  async vote(up: boolean): Promise<void> {
    const view = this.view;
    if (!view || !this.outcome || this.outcome.voted) return;
    try {
      await postVote(view.puzzle.id, up, this.ui.identity());
      this.outcome.voted = true;
    } catch (e) {
      this.ui.say(explain(e));
    }
    this.ui.redraw();
  }

  // --- streak

  get streakBest(): number {
    try {
      return Number(localStorage.getItem(STREAK_BEST(this.variant))) || 0;
    } catch {
      return 0;
    }
  }

  private keepBest(score: number): void {
    if (score <= this.streakBest) return;
    try {
      localStorage.setItem(STREAK_BEST(this.variant), String(score));
    } catch {
      /* not kept: shown for this run only */
    }
  }

  async newStreak(): Promise<void> {
    this.mode = 'streak';
    this.storm = null;
    const { puzzles } = await streakPuzzles(this.variant, this.ui.identity());
    if (puzzles.length === 0) throw new WireError('NOT_FOUND', 'no puzzles');
    this.streak = { puzzles, index: 0, score: 0, over: false };
    await this.show(puzzles[0]);
  }

  // --- storm

  get stormOver(): boolean {
    return this.storm !== null && (this.storm.ended || this.storm.clock.over(Date.now()));
  }

  async newStorm(): Promise<void> {
    this.mode = 'storm';
    this.streak = null;
    const { run, puzzles, seconds } = await startStorm(this.variant, this.ui.identity());
    if (puzzles.length === 0) throw new WireError('NOT_FOUND', 'no puzzles');
    this.storm = {
      run,
      puzzles,
      index: 0,
      clock: new StormClock(seconds),
      ended: false,
      result: null,
    };
    await this.show(puzzles[0]);
  }

  /** The clock's tick: the storm ends when its time is up. */
  tick(): void {
    const storm = this.storm;
    if (!storm || storm.ended) return;
    if (storm.clock.over(Date.now())) void this.endStorm();
  }

  private async endStorm(): Promise<void> {
    const storm = this.storm;
    if (!storm || storm.ended) return;
    storm.ended = true;
    this.deselect();
    this.ui.redraw();
    const c = storm.clock;
    try {
      storm.result = await endStorm(
        storm.run,
        {
          score: c.score,
          moves: c.moves,
          errors: c.errors,
          combo: c.best,
          time: c.time(Date.now()),
        },
        this.ui.identity(),
      );
    } catch (e) {
      this.ui.say(explain(e));
    }
    this.ui.redraw();
  }
}
