/**
 * The starter set: at start, every `*.ndjson.gz` of the puzzle folder (PUZZLE_DIR, default
 * assets/puzzles) not loaded before is checked record by record (puzzle-record.ts; a record that
 * does not replay legally is skipped and logged) and its puzzles added. A file is known by its
 * name and content hash: a second start reads nothing, a new or changed file adds what is new
 * (a puzzle already there keeps its rating, plays and votes but takes the file's line, accepted
 * moves, themes and depth: a corrected puzzle). On PostgreSQL two processes starting
 * together meet on the file's row: one loads it, the other finds it loaded.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CONFIG, type Config } from '../config.js';
import { returnedRows } from '../persistence/raw-sql.js';
import { checkRecord, type PuzzleRecord } from './puzzle-record.js';
import { PUZZLE_START } from './puzzle-rules.js';

const BATCH = 500;
/** Skipped records named in the log, per file (the count is always said). */
const NAMED = 5;

export interface LoadReport {
  file: string;
  added: number;
  /** Puzzles already there whose line, accepted moves, themes or depth the file changed. */
  updated: number;
  skipped: number;
  /** Already loaded (same name and content): not read. */
  known: boolean;
  /** Why the file could not be read or unzipped: skipped, not recorded (tried again next start). */
  failed?: string;
}

/** The records of an NDJSON text: the good ones, and why each other line was skipped. */
export function readRecords(text: string): { records: PuzzleRecord[]; skipped: string[] } {
  const records: PuzzleRecord[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const [n, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      skipped.push(`line ${n + 1}: not JSON`);
      continue;
    }
    const c = checkRecord(raw);
    if (!c.ok) skipped.push(`line ${n + 1}: ${c.reason}`);
    else if (seen.has(c.record.id)) skipped.push(`line ${n + 1}: id ${c.record.id} twice`);
    else {
      seen.add(c.record.id);
      records.push(c.record);
    }
  }
  return { records, skipped };
}

/**
 * Inserts the records; an id already there gets the file's line, accepted moves, themes and
 * depth (a corrected puzzle) but keeps its rating, plays, votes and retirement. How many were
 * new and how many were changed (an unchanged one is not written).
 */
export async function insertPuzzles(
  em: EntityManager,
  records: PuzzleRecord[],
): Promise<{ added: number; updated: number }> {
  let added = 0;
  let updated = 0;
  for (let i = 0; i < records.length; i += BATCH) {
    const b = records.slice(i, i + BATCH);
    const rows = returnedRows<{ inserted: boolean }>(
      await em.query(
        `INSERT INTO puzzles AS p (id, variant, fen, moves, accepted, themes, depth, source, rating, rd, vol)
         SELECT r.id, r.variant, r.fen, ARRAY(SELECT jsonb_array_elements_text(r.moves)),
                r.accepted, ARRAY(SELECT jsonb_array_elements_text(r.themes)), r.depth, r.source,
                $2, $3, $4
           FROM jsonb_to_recordset($1::jsonb) AS r(id text, variant text, fen text, moves jsonb,
                accepted jsonb, themes jsonb, depth int, source text)
         ON CONFLICT (id) DO UPDATE
           SET moves = EXCLUDED.moves, accepted = EXCLUDED.accepted, themes = EXCLUDED.themes,
               depth = EXCLUDED.depth
         WHERE (p.moves, p.accepted, p.themes, p.depth)
               IS DISTINCT FROM (EXCLUDED.moves, EXCLUDED.accepted, EXCLUDED.themes, EXCLUDED.depth)
         RETURNING (xmax = 0) AS inserted`,
        [JSON.stringify(b), PUZZLE_START.rating, PUZZLE_START.rd, PUZZLE_START.vol],
      ),
    );
    for (const r of rows)
      if (r.inserted) added++;
      else updated++;
  }
  return { added, updated };
}

@Injectable()
export class StarterSet implements OnApplicationBootstrap {
  private readonly log = new Logger('Puzzles');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.load(this.config.puzzleDir);
  }

  /** Loads the folder's files not loaded before (none when `dir` is empty or missing). */
  async load(dir: string): Promise<LoadReport[]> {
    if (!dir || !existsSync(dir)) return [];
    let files: string[];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.ndjson.gz'))
        .sort();
    } catch (e) {
      // A bad PUZZLE_DIR (a file, no permission) costs the puzzles, not the server's start.
      this.log.error(`starter set: cannot read ${dir}: ${(e as Error).message}`);
      return [];
    }
    const out: LoadReport[] = [];
    for (const file of files) out.push(await this.loadFile(dir, file));
    const added = out.reduce((s, r) => s + r.added, 0);
    if (added > 0) this.log.log(`starter set: ${added} puzzles added from ${dir}`);
    return out;
  }

  private async loadFile(dir: string, file: string): Promise<LoadReport> {
    // An unreadable or corrupt file is skipped (and not recorded, so a fixed one loads later).
    const fail = (e: unknown): LoadReport => {
      const failed = (e as Error).message;
      this.log.error(`starter set: ${file} skipped: ${failed}`);
      return { file, added: 0, updated: 0, skipped: 0, known: false, failed };
    };
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, file));
    } catch (e) {
      return fail(e);
    }
    const sha = createHash('sha256').update(bytes).digest('hex');
    const known = (await this.db.query(
      `SELECT 1 FROM puzzle_files WHERE name = $1 AND sha256 = $2`,
      [file, sha],
    )) as unknown[];
    if (known.length > 0) return { file, added: 0, updated: 0, skipped: 0, known: true };
    let text: string;
    try {
      text = gunzipSync(bytes).toString('utf8');
    } catch (e) {
      return fail(e);
    }
    const { records, skipped } = readRecords(text);
    if (skipped.length > 0)
      this.log.warn(
        `${file}: ${skipped.length} records skipped: ${skipped.slice(0, NAMED).join('; ')}${skipped.length > NAMED ? '; ...' : ''}`,
      );
    return this.db.transaction(async (em) => {
      // The file's row first: a process loading it at the same time waits here, then finds it.
      const mine = returnedRows(
        await em.query(
          `INSERT INTO puzzle_files (name, sha256, added, skipped) VALUES ($1, $2, 0, $3)
           ON CONFLICT DO NOTHING RETURNING name`,
          [file, sha, skipped.length],
        ),
      );
      if (mine.length === 0) return { file, added: 0, updated: 0, skipped: 0, known: true };
      const { added, updated } = await insertPuzzles(em, records);
      if (updated > 0) this.log.log(`${file}: ${updated} puzzles corrected`);
      await em.query(`UPDATE puzzle_files SET added = $3 WHERE name = $1 AND sha256 = $2`, [
        file,
        sha,
        added,
      ]);
      return { file, added, updated, skipped: skipped.length, known: false };
    });
  }
}
