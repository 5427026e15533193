/**
 * The masters database: tournament games imported from PDN files (`npm run -s explorer:import`),
 * each stored once (a digest of its players, date, event, round and moves) with its PDN, and its
 * first EXPLORER_PLIES plies added to `explorer_masters`, apart from the site's games. A game that
 * does not replay legally, or has no result, is reported and left out.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returnedRows } from '../persistence/raw-sql.js';
import {
  mainLine,
  makePdnTree,
  parsePdnTrees,
  parseResultToken,
  type PdnTree,
  type VariantId,
} from '../rules/index.js';
import { INSERT_MASTER_GAME_SQL, mastersParams, UPSERT_MASTERS_SQL } from './explorer-queries.js';
import { gameCells, mergeCells, type Cell } from './explorer-rules.js';

export interface ImportReport {
  /** Games read in the file. */
  read: number;
  /** Newly stored and indexed. */
  imported: number;
  /** Already in the database (imported before). */
  duplicates: number;
  /** Left out, with why: "game 12: ...". */
  rejected: string[];
}

/**
 * Games a transaction stores: few, because on the embedded database a transaction holds the one
 * session, and the first start's import must not hold players' moves for seconds (200 a batch
 * took about 5 s on PGlite on a busy machine).
 */
const BATCH = 20;

/** "2003.05.23" → "2003-05-23"; unknown parts ("2003.??.??") cut off; "" when no year. */
export function isoDate(tag: string | undefined): string {
  const m = /^(\d{4})(?:[.-](\d{2}))?(?:[.-](\d{2}))?/.exec(tag ?? '');
  if (!m) return '';
  return [m[1], m[2], m[3]].filter((x) => x !== undefined).join('-');
}

const rating = (tag: string | undefined): number | null => {
  const n = Number(tag);
  return Number.isInteger(n) && n > 0 && n < 4000 ? n : null;
};

/**
 * Splits a PDN file into chunks of whole games under the rules' 1 MB limit for one read: a game
 * starts at a tag line whose previous non-blank line is not a tag (it ends the game before).
 */
export function pdnChunks(text: string, max = 500_000): string[] {
  const chunks: string[] = [];
  let chunk: string[] = [];
  let size = 0;
  let lastWasTag = true;
  for (const line of text.split('\n')) {
    const tag = line.startsWith('[');
    if (tag && !lastWasTag && size > max) {
      chunks.push(chunk.join('\n'));
      chunk = [];
      size = 0;
    }
    chunk.push(line);
    size += line.length + 1;
    if (line.trim() !== '') lastWasTag = tag;
  }
  chunks.push(chunk.join('\n'));
  return chunks.filter((c) => /\S/.test(c));
}

@Injectable()
export class MastersImport {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Imports every game of `text` as `variant`'s; `source` says where the file came from. */
  async importPdn(variant: VariantId, text: string, source: string): Promise<ImportReport> {
    const report: ImportReport = { read: 0, imported: 0, duplicates: 0, rejected: [] };
    let pending: PdnTree[] = [];
    // Game by game: one bad character (a stray brace) stops its own game, not its neighbours.
    for (const chunk of pdnChunks(text, 0)) {
      for (const g of parsePdnTrees(chunk, variant)) {
        report.read++;
        if (!g.ok) report.rejected.push(`game ${report.read}: ${g.error.message}`);
        else if (g.value.variant.id !== variant)
          report.rejected.push(`game ${report.read}: a ${g.value.variant.id} game (GameType)`);
        else if (parseResultToken(g.value.result, g.value.variant) === undefined)
          report.rejected.push(`game ${report.read}: no result ("${g.value.result}")`);
        else pending.push(g.value);
        if (pending.length >= BATCH) {
          await this.store(variant, pending, source, report);
          pending = [];
        }
      }
    }
    if (pending.length > 0) await this.store(variant, pending, source, report);
    return report;
  }

  private async store(
    variant: VariantId,
    games: readonly PdnTree[],
    source: string,
    report: ImportReport,
  ): Promise<void> {
    await this.db.transaction(async (em) => {
      const cells: Cell[] = [];
      for (const g of games) {
        const line = mainLine(g);
        const t = g.tags;
        const moves = line.map((n) => n.move.path.join(n.move.captures.length > 0 ? 'x' : '-'));
        const digest = createHash('sha256')
          .update(
            JSON.stringify([t.White, t.Black, t.Date, t.Event, t.Round, g.position.fen, moves]),
          )
          .digest('hex');
        const winner = parseResultToken(g.result, g.variant) ?? null;
        const whiteRating = rating(t.WhiteElo ?? t.WhiteRating);
        const blackRating = rating(t.BlackElo ?? t.BlackRating);
        const playedOn = isoDate(t.Date);
        const inserted = returnedRows<{ id: string }>(
          await em.query(INSERT_MASTER_GAME_SQL, [
            randomUUID(),
            variant,
            digest,
            (t.White ?? '?').slice(0, 100),
            (t.Black ?? '?').slice(0, 100),
            whiteRating,
            blackRating,
            winner,
            t.Event?.slice(0, 200) ?? null,
            playedOn,
            source.slice(0, 200),
            makePdnTree(g),
          ]),
        );
        if (inserted.length === 0) {
          report.duplicates++;
          continue;
        }
        report.imported++;
        // One row per position and move here: no speed or band.
        const one = gameCells({
          id: inserted[0].id,
          variant,
          initialFen: g.position.fen,
          winner,
          speed: 'classical',
          whiteRating,
          blackRating,
          at: playedOn,
          moves: line.map((n) => n.move),
        });
        cells.push(...one.map((c) => ({ ...c, speed: 0, band: 0 })));
      }
      const merged = mergeCells(cells);
      if (merged.length > 0) await em.query(UPSERT_MASTERS_SQL, mastersParams(merged));
    });
  }
}
