/**
 * The chat of the game shown: its lines (the stored ones read over REST, then those heard live,
 * in order and each once), what I say, and the opponent muted (kept in this browser, per
 * opponent). No DOM: view/chat.ts draws it.
 */
import type { ChatLine } from '../../../../src/common/protocol.js';
import { chatHistory } from '../../lib/api.js';
import type { Round } from './round.js';
import type { Session } from '../../lib/session.js';

const MUTED = 'damas.muted';

function mutedIds(): string[] {
  try {
    return JSON.parse(localStorage.getItem(MUTED) ?? '[]') as string[];
  } catch {
    return [];
  }
}

export class ChatCtrl {
  matchId: string | null = null;
  lines: ChatLine[] = [];
  /** Whether I play in the game shown (its players' room) or watch it (the spectators'). */
  player = false;
  private opponent: string | undefined;

  constructor(
    private readonly session: Session,
    private readonly redraw: () => void,
  ) {}

  /** A game shown: its chat read (again: a reconnect may have missed lines). */
  async open(game: Round): Promise<void> {
    const id = game.state.id;
    if (this.matchId !== id) this.lines = [];
    this.matchId = id;
    this.player = game.me !== null;
    this.opponent =
      game.me === null ? undefined : game.state[game.me === 'white' ? 'black' : 'white'].id;
    const stored = await chatHistory(id, this.session.identity);
    if (this.matchId !== id) return;
    for (const l of stored) this.add(l);
    this.redraw();
  }

  heard(line: ChatLine): void {
    if (line.matchId !== this.matchId) return;
    this.add(line);
    this.redraw();
  }

  private add(line: ChatLine): void {
    if (this.lines.some((l) => l.id === line.id)) return;
    this.lines.push(line);
    this.lines.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** Says `text`; `name`: a visitor's name, given with its first line (a guest made so). */
  async say(text: string, name?: string): Promise<void> {
    if (!this.matchId) return;
    // Connected (a guest made, or named) if need be: a line is never dropped without a word.
    const w = await this.session.connect(name);
    const room = this.player ? 'players' : 'spectators';
    const { line } = await w.call('chat:say', { matchId: this.matchId, room, text });
    this.heard(line);
  }

  get muted(): boolean {
    return this.opponent !== undefined && mutedIds().includes(this.opponent);
  }

  setMuted(on: boolean): void {
    const who = this.opponent;
    if (!who) return;
    const rest = mutedIds().filter((id) => id !== who);
    localStorage.setItem(MUTED, JSON.stringify(on ? [...rest, who] : rest));
    this.redraw();
  }
}
