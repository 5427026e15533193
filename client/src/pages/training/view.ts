/**
 * The training page drawn from its state, and its controls bound: the board from the solver's
 * side (a click or a drag picks, the keyboard as on the game page), what to do now and how the
 * last move was, the outcome (rating change, themes, votes), the streak's and the storm's score,
 * and the buttons (hint, solution, next). Keys: h a hint, n the next puzzle, s the solution.
 */
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';
import { BoardView } from '../../lib/board/board.js';
import { PathChooser } from '../../lib/board/paths.js';
import { byId, displayed, type El } from '../../lib/dom.js';
import { t, variantName } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { changeSetting, settings } from '../../lib/settings.js';
import { signedDiff } from '../../lib/terms.js';
import type { TrainingCtrl } from './ctrl.js';
import { TRAINING_IDS } from './ids.js';
import { nextBonusAt } from './storm-clock.js';
import markup from './training.html?raw';
import './training.css';

export class TrainingView {
  readonly root = pageRoot(markup);
  readonly el: El<typeof TRAINING_IDS> = byId(this.root, TRAINING_IDS);
  readonly board = new BoardView(this.el('pz-board'));
  readonly paths = new PathChooser(this.el('pz-paths'), (path) => this.board.preview(path));

  constructor(
    private readonly ctrl: TrainingCtrl,
    actions: {
      /** "New streak", "Play again". */
      again(): void;
      pickVariant(variant: VariantId): void;
    },
  ) {
    const { el } = this;
    this.board.onPick((sq) => ctrl.pick(sq));
    el('pz-variant').addEventListener('change', () =>
      actions.pickVariant(el('pz-variant').value as VariantId),
    );
    el('pz-hint').addEventListener('click', () => ctrl.hint());
    el('pz-solution').addEventListener('click', () => void ctrl.showSolution());
    el('pz-next').addEventListener('click', () => void ctrl.next());
    el('pz-again').addEventListener('click', () => actions.again());
    el('pz-up').addEventListener('click', () => void ctrl.vote(true));
    el('pz-down').addEventListener('click', () => void ctrl.vote(false));
    el('pz-numbers').addEventListener('change', () =>
      changeSetting('squareNumbers', el('pz-numbers').checked),
    );
    document.addEventListener('keydown', (e) => {
      if (!displayed(this.root) || e.altKey || e.ctrlKey || e.metaKey) return;
      if ((e.target as Element).closest('input, select, textarea')) return;
      const button = { h: 'pz-hint', s: 'pz-solution', n: 'pz-next' }[e.key] as
        'pz-hint' | 'pz-solution' | 'pz-next' | undefined;
      if (!button || el(button).hidden || el(button).disabled) return;
      e.preventDefault();
      el(button).click();
    });
  }

  draw(): void {
    const { el, ctrl } = this;
    const run = ctrl.run;
    const mode = ctrl.mode;
    document.title = t(
      mode === 'streak'
        ? 'streak.pageTitle'
        : mode === 'storm'
          ? 'storm.pageTitle'
          : 'puzzle.pageTitle',
    );
    el('pz-title').textContent =
      mode === 'streak'
        ? t('puzzle.streakNav')
        : mode === 'storm'
          ? t('puzzle.stormNav')
          : ctrl.date
            ? t('puzzle.dailyOf', { date: ctrl.date })
            : t('puzzle.titleOf', { variant: variantName(ctrl.variant) });
    const select = el('pz-variant');
    if (
      select.options.length !== VARIANT_IDS.length ||
      select.dataset.lang !== t('variant.brazilian')
    ) {
      select.replaceChildren(...VARIANT_IDS.map((v) => new Option(variantName(v), v)));
      select.dataset.lang = t('variant.brazilian');
    }
    select.value = ctrl.variant;
    el('pz-rules').href = `/rules/${ctrl.variant}`;
    for (const [id, on] of [
      ['pz-to-puzzles', mode === 'puzzle' && !ctrl.date],
      ['pz-to-daily', mode === 'puzzle' && ctrl.date !== null],
      ['pz-to-streak', mode === 'streak'],
      ['pz-to-storm', mode === 'storm'],
    ] as const)
      if (on) el(id).setAttribute('aria-current', 'page');
      else el(id).removeAttribute('aria-current');
    el('pz-empty').hidden = ctrl.empty === null;
    el('pz-empty').textContent = ctrl.empty ?? '';
    el('pz-numbers').checked = settings().squareNumbers;
    // For the tests (and tools): the puzzle shown, where it stands, whether the board takes a move.
    const root = el('training');
    root.dataset.puzzle = ctrl.view?.puzzle.id ?? '';
    root.dataset.status = run?.status ?? 'none';
    root.dataset.playing = String(ctrl.playing);
    this.drawBoard();
    this.paths.redraw();
    this.drawStatus();
    this.drawOutcome();
    this.drawStreak();
    this.drawStorm();
    const over = run?.status === 'solved' || run?.status === 'failed';
    const stormOn = mode === 'storm';
    el('pz-hint').hidden = !run || over || stormOn;
    el('pz-hint').disabled = !ctrl.playing || (run?.hinted ?? false);
    el('pz-solution').hidden = !run || stormOn || ctrl.solutionShown || run.status === 'solved';
    el('pz-solution').disabled = ctrl.busy;
    el('pz-next').hidden = mode !== 'puzzle' || (!over && ctrl.run !== null);
    const id = ctrl.view?.puzzle.id;
    el('pz-link').hidden = !id || stormOn;
    if (id) el('pz-link').href = `/training/${id}`;
    // The analysis board at the puzzle's start, once it is over (never help while solving).
    el('pz-analysis').hidden = !over || !run || stormOn;
    if (run)
      el('pz-analysis').href =
        `/analysis/${run.line.puzzle.variant}?fen=${encodeURIComponent(run.line.positions[1].fen)}`;
  }

  private drawBoard(): void {
    const { ctrl } = this;
    const run = ctrl.run;
    const svg = this.el('pz-board');
    svg.classList.toggle('pz-wrong', run?.wrong ?? false);
    (svg as unknown as HTMLElement).inert = !run;
    if (!run) return;
    this.board.render({
      position: run.position,
      flipped: run.line.solver === 'black',
      numbers: settings().squareNumbers,
      coordinates: settings().coordinates,
      selected: ctrl.selected,
      targets: ctrl.targets.map((m) => m.to),
      lastMove: run.lastMove?.path,
    });
  }

  /** What to do now, and the word on the last move. */
  private drawStatus(): void {
    const { el, ctrl } = this;
    const run = ctrl.run;
    const status = el('pz-status');
    if (!run) status.textContent = ctrl.empty ? '' : t('puzzle.loading');
    else if (run.status === 'intro') status.textContent = t('puzzle.watch');
    else if (run.status === 'play' || run.status === 'reply')
      status.textContent = t(`puzzle.yourTurn.${run.line.solver}`);
    else status.textContent = '';
    status.hidden = status.textContent === '';
    const feedback = el('pz-feedback');
    const verdict = ctrl.feedback;
    const words =
      verdict === 'right'
        ? t('puzzle.right')
        : verdict === 'wrong'
          ? t('puzzle.wrong')
          : verdict === 'solved'
            ? t('puzzle.solved')
            : run?.hinted && run.status === 'play'
              ? t('puzzle.hintShown')
              : '';
    // Solved is said by the result under it; a storm says nothing (its score does).
    feedback.hidden = words === '' || verdict === 'solved' || ctrl.mode === 'storm';
    feedback.textContent = words;
    if (verdict) feedback.dataset.verdict = verdict;
    else delete feedback.dataset.verdict;
  }

  /** A puzzle over: solved or failed, my rating's change, its themes, the vote. */
  private drawOutcome(): void {
    const { el, ctrl } = this;
    const run = ctrl.run;
    const over = run && (run.status === 'solved' || run.status === 'failed');
    const result = el('pz-result');
    const outcome = ctrl.mode === 'puzzle' ? ctrl.outcome : null;
    result.hidden = !over || ctrl.mode === 'storm';
    result.textContent = over
      ? ctrl.solutionShown && run.status === 'failed'
        ? `${t('puzzle.failed')} ${t('puzzle.solution')}`
        : t(run.status === 'solved' ? 'puzzle.solved' : 'puzzle.failed')
      : '';
    result.dataset.win = String(run?.status === 'solved');
    const rating = el('pz-rating');
    const round = outcome?.round;
    rating.hidden = !round;
    rating.textContent = !round
      ? ''
      : round.player && round.rated
        ? t('puzzle.yourRating', {
            rating: Math.round(round.player.rating),
            diff: signedDiff(Math.round(round.player.delta)),
          })
        : round.player || ctrl.accountNow
          ? t('puzzle.casual')
          : t('puzzle.guest');
    const themes = run?.line.themes ?? [];
    el('pz-themes').hidden = !over || themes.length === 0 || ctrl.mode === 'storm';
    el('pz-themes').replaceChildren(
      ...themes.map((th) => {
        const s = document.createElement('span');
        s.className = 'pz-theme';
        s.dataset.theme = th;
        s.textContent = t(`puzzle.theme.${th}`);
        return s;
      }),
    );
    el('pz-themes').setAttribute(
      'aria-label',
      t('puzzle.themes', { themes: themes.map((th) => t(`puzzle.theme.${th}`)).join(', ') }),
    );
    const p = round?.puzzle ?? ctrl.view?.puzzle;
    // While solving: my puzzle rating (an account's); after: the puzzle's.
    const mine = ctrl.mode === 'puzzle' ? ctrl.view?.user : undefined;
    el('pz-info').hidden = ctrl.mode === 'storm' || !(over ? p : mine);
    if (over && p)
      el('pz-info').textContent = t('puzzle.info', {
        rating: Math.round(p.rating),
        count: p.plays,
      });
    else if (mine)
      el('pz-info').textContent = t('puzzle.ratingNow', {
        rating: `${Math.round(mine.rating)}${mine.provisional ? '?' : ''}`,
      });
    // Once the round is counted: the server takes votes from accounts that played the puzzle.
    el('pz-vote').hidden = !outcome?.round || outcome.voted || !ctrl.accountNow;
    el('pz-voted').hidden = !outcome?.voted;
  }

  private drawStreak(): void {
    const { el, ctrl } = this;
    const streak = ctrl.streak;
    el('pz-streak').hidden = !streak;
    const again = el('pz-again');
    again.hidden = true;
    if (!streak) return;
    el('pz-streak-score').textContent = streak.over
      ? t('streak.over', { count: streak.score })
      : t('streak.score', { n: streak.score });
    el('pz-streak-best').textContent = t('streak.best', { n: ctrl.streakBest });
    again.hidden = !streak.over;
    again.textContent = t('streak.again');
  }

  private drawStorm(): void {
    const { el, ctrl } = this;
    const storm = ctrl.storm;
    el('pz-storm').hidden = !storm;
    if (!storm) return;
    this.tick();
    const c = storm.clock;
    const over = ctrl.stormOver;
    el('pz-storm-score').textContent = over
      ? t('storm.over', { count: c.score })
      : t('storm.score', { n: c.score });
    el('pz-combo-text').textContent = t('storm.combo', { n: c.combo });
    const bar = el('pz-combo-bar');
    const next = nextBonusAt(c.combo);
    bar.max = next;
    bar.value = c.combo;
    bar.title = t('storm.nextBonus', { n: next });
    const again = el('pz-again');
    const result = el('pz-result');
    if (over) {
      result.hidden = false;
      result.dataset.win = 'true';
      const parts = [
        t('storm.details', {
          moves: c.moves,
          errors: c.errors,
          combo: c.best,
          time: c.time(Date.now()),
        }),
      ];
      if (storm.result) {
        parts.push(t('storm.best', { n: storm.result.best }));
        if (storm.result.score >= storm.result.best && storm.result.score > 0)
          parts.push(t('storm.newBest'));
      }
      result.textContent = parts.join(' ');
      again.hidden = false;
      again.textContent = t('storm.again');
      el('pz-status').hidden = true;
    } else if (c.startedAt === null && ctrl.run?.status === 'play') {
      el('pz-status').textContent = t('storm.start');
      el('pz-status').hidden = false;
    }
  }

  /** The storm's clock, every tenth of a second. */
  tick(): void {
    const storm = this.ctrl.storm;
    if (!storm) return;
    const left = storm.clock.left(Date.now());
    const s = Math.ceil(left / 1000);
    const clock = this.el('pz-storm-clock');
    const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    if (clock.textContent !== text) clock.textContent = text;
    clock.classList.toggle('low', s <= 20);
    clock.setAttribute('aria-label', `${t('storm.clock')} ${text}`);
    const change = storm.clock.lastChange;
    const el = this.el('pz-storm-change');
    el.textContent =
      change === null
        ? ''
        : change > 0
          ? t('storm.bonus', { s: change })
          : t('storm.penalty', { s: -change });
    el.className = `pz-storm-change ${change !== null && change > 0 ? 'up' : 'down'}`;
  }
}
