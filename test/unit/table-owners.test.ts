/**
 * One owner per table (docs/ARCHITECTURE.md, "Tables and their owners"): SQL that names a hot
 * table, or a repository of its entity, stands only in its owner's files; other folders call the
 * owner's functions. And nowhere a query builder: raw SQL built from the entities' columns for
 * hot and set-based statements, a repository for one row by id.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MATCH_TABLES = ['src/matches/match-store.ts', 'src/matches/match-queries.ts'];

/** table -> (entity class, the files that may name it) */
const OWNERS: Record<string, { entity: string; files: string[] }> = {
  matches: { entity: 'Match', files: MATCH_TABLES },
  pieces: { entity: 'Piece', files: MATCH_TABLES },
  moves: { entity: 'MoveRow', files: MATCH_TABLES },
  queue_tickets: { entity: 'QueueTicket', files: ['src/matchmaking/queue-store.ts'] },
  tournaments: { entity: 'TournamentRow', files: ['src/tournaments/tournament-store.ts'] },
  tournament_players: { entity: 'TournamentEntry', files: ['src/tournaments/tournament-store.ts'] },
  swiss_results: { entity: 'SwissResult', files: ['src/tournaments/tournament-store.ts'] },
  tournament_waves: { entity: 'TournamentWaves', files: ['src/tournaments/tournament-store.ts'] },
  // No entity: raw SQL only.
  notifications: {
    entity: 'NotificationRow',
    files: ['src/notifications/notifications.service.ts'],
  },
  // The opening explorer's index and the masters' games (issue 35).
  explorer_site: { entity: 'ExplorerSiteRow', files: ['src/explorer/explorer-queries.ts'] },
  explorer_masters: { entity: 'ExplorerMastersRow', files: ['src/explorer/explorer-queries.ts'] },
  master_games: { entity: 'MasterGameRow', files: ['src/explorer/explorer-queries.ts'] },
  master_files: { entity: 'MasterFileRow', files: ['src/explorer/explorer-queries.ts'] },
  puzzles: {
    entity: 'PuzzleRow',
    files: [
      'src/puzzles/puzzles.service.ts',
      'src/puzzles/puzzle-queries.ts',
      'src/puzzles/starter-set.service.ts',
    ],
  },
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The code without its comments (a comment may name a table). */
const code = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');

const FILES = sources('src').map((path) => ({ path, text: code(path) }));

/**
 * Where `text` names `table` in SQL: after FROM, JOIN, UPDATE, INTO (DELETE FROM included), in
 * any case, quoted or not, with a schema or not.
 */
const namesTable = (text: string, table: string) =>
  new RegExp(`\\b(FROM|JOIN|UPDATE|INTO)\\s+("?\\w+"?\\.)?"?${table}\\b`, 'i').test(text);

/** Where `text` reaches `entity`'s table through TypeORM: a repository, or the manager's calls. */
const usesEntity = (text: string, entity: string) =>
  new RegExp(
    `(getRepository|InjectRepository|Repository<)\\(?\\s*${entity}\\b|\\.(find\\w*|findOne\\w*|count\\w*|insert|update|delete|save|remove|upsert|exists\\w*)\\(\\s*${entity}\\b`,
  ).test(text);

describe('one owner per table', () => {
  test.each(Object.entries(OWNERS))('SQL on %s stands only in its owner', (table, owner) => {
    const outside = FILES.filter(
      (f) =>
        !owner.files.includes(f.path) &&
        (namesTable(f.text, table) || usesEntity(f.text, owner.entity)),
    ).map((f) => f.path);
    expect(outside).toEqual([]);
    // The owner does write it (the check reads what it should).
    expect(FILES.some((f) => owner.files.includes(f.path) && namesTable(f.text, table))).toBe(true);
  });

  test('no query builder anywhere in src', () => {
    expect(FILES.filter((f) => f.text.includes('createQueryBuilder')).map((f) => f.path)).toEqual(
      [],
    );
  });

  test('the check sees SQL and TypeORM calls where they stand', () => {
    expect(namesTable('SELECT 1 FROM matches m', 'matches')).toBe(true);
    expect(namesTable('DELETE FROM pieces WHERE', 'pieces')).toBe(true);
    expect(namesTable('INSERT INTO moves (a)', 'moves')).toBe(true);
    expect(namesTable('UPDATE queue_tickets SET', 'queue_tickets')).toBe(true);
    expect(namesTable('select 1 from "matches"', 'matches')).toBe(true);
    expect(namesTable('update public.matches set', 'matches')).toBe(true);
    expect(namesTable('FROM matches_archive', 'matches')).toBe(false);
    expect(usesEntity('em.getRepository(Match)', 'Match')).toBe(true);
    expect(usesEntity('em.find(Piece, { where })', 'Piece')).toBe(true);
    expect(usesEntity('em.update(Match, { id }, set)', 'Match')).toBe(true);
    expect(usesEntity('@InjectRepository(MoveRow) r', 'MoveRow')).toBe(true);
    expect(usesEntity('Repository<QueueTicket>', 'QueueTicket')).toBe(true);
    expect(usesEntity('const m: Match = row', 'Match')).toBe(false);
  });
});
