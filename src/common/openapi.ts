/**
 * The OpenAPI document (/docs, /docs-json) from what the routes check: request bodies and query
 * parameters come from the same zod schemas the edge validates with, so the document cannot
 * drift from the checks; the bearer scheme on routes that need a player; every error in the one
 * shape (PROTOCOL.md), and the wire's main shapes as answers.
 */
import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiQuery, ApiResponse, type OpenAPIObject } from '@nestjs/swagger';
import { z } from 'zod';
import { VARIANT_IDS, type ResultReason } from '../rules/index.js';
import {
  BOARD_THEMES,
  CHAT_ROOMS,
  COLOR_SCHEMES,
  LANGUAGES,
  NOTIFICATION_KINDS,
  PIECE_STYLES,
  PUZZLE_THEMES,
  SPEEDS,
} from './protocol.js';

type Schema = Record<string, unknown>;

export const jsonSchema = (s: z.ZodType): Schema =>
  z.toJSONSchema(s, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Schema;

/** The body a route parses with `schema`. */
export const ApiZodBody = (schema: z.ZodType, required = true): MethodDecorator =>
  ApiBody({ schema: jsonSchema(schema), required });

/** Each field of the query a route parses with `schema`, as a query parameter. */
export function ApiZodQuery(schema: z.ZodType): MethodDecorator {
  const json = jsonSchema(schema);
  const required = (json.required as string[] | undefined) ?? [];
  return applyDecorators(
    ...Object.entries((json.properties ?? {}) as Record<string, Schema>).map(([name, s]) =>
      ApiQuery({ name, required: required.includes(name), schema: s }),
    ),
  );
}

/** A route that acts for a player: `Authorization: Bearer <token>` (or the session cookie). */
export const ApiPlayer = (): MethodDecorator & ClassDecorator => ApiBearerAuth('bearer');

/** The success answer's shape. */
export const ApiAnswer = (
  status: number,
  schema: Schema,
  description = 'Success',
): MethodDecorator => ApiResponse({ status, description, schema });

const str = { type: 'string' };
const int = { type: 'integer' };
const color = { type: 'string', enum: ['white', 'black'] };
const nullable = (s: Schema): Schema => ({ ...s, nullable: true });
const variant = { type: 'string', enum: [...VARIANT_IDS] };
/** Every reason a game ends for (a Record, so a reason added to the rules must be listed here). */
const REASONS: Record<ResultReason, true> = {
  'no-pieces': true,
  'no-moves': true,
  crowned: true,
  'given-away': true,
  resign: true,
  timeout: true,
  'draw-agreed': true,
  'draw-rule': true,
  abandoned: true,
  aborted: true,
};
const obj = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
});

export const list = (items: Schema): Schema => ({ type: 'array', items });

const player = obj(
  { id: str, name: str, title: nullable({ type: 'string', enum: ['BOT'] }), rating: int },
  ['id', 'name'],
);
const clock = nullable(obj({ white: int, black: int, running: nullable(color) }));
const result = nullable(
  obj(
    {
      winner: nullable(color),
      reason: {
        type: 'string',
        enum: Object.keys(REASONS),
        description: 'A client should word a reason it does not know plainly (new ones may come)',
      },
      rule: str,
    },
    ['winner', 'reason'],
  ),
);

const puzzle = obj({
  id: { type: 'string', pattern: '^[0-9A-Za-z]{6}$' },
  variant,
  fen: { type: 'string', description: "The position before the opponent's last move (moves[0])" },
  moves: {
    type: 'array',
    items: str,
    description: "moves[0]: the opponent's last move; then the solver's (odd) and the replies",
  },
  accepted: {
    type: 'array',
    items: { type: 'array', items: {}, minItems: 2, maxItems: 2 },
    description: '[index, moveText]: another winning solver move at that index',
  },
  themes: { type: 'array', items: { type: 'string', enum: [...PUZZLE_THEMES] } },
  rating: int,
  plays: int,
});
const explorerPlayer = obj({ name: str, rating: nullable(int) });
const explorerGame = obj({
  id: {
    type: 'string',
    description: 'Site: a match id (/game/:id); masters: /api/explorer/masters/pdn/:id',
  },
  white: explorerPlayer,
  black: explorerPlayer,
  winner: nullable(color),
  speed: nullable({ type: 'string', enum: [...SPEEDS] }),
  date: { type: 'string', description: 'ISO date; masters may give the year only, or ""' },
  event: nullable(str),
  move: { type: 'string', description: 'The move this game played from the position' },
});
const explorer = obj({
  variant,
  fen: { type: 'string', description: 'The position, canonical' },
  white: int,
  draws: int,
  black: int,
  moves: list(
    obj({
      move: { type: 'string', description: 'As the position writes it: 32-28, 19x10, 26x17x8' },
      path: { type: 'array', items: int, description: 'Landing squares, from first' },
      white: int,
      draws: int,
      black: int,
      averageRating: nullable(int),
    }),
  ),
  topGames: list(explorerGame),
  recentGames: list(explorerGame),
  opening: nullable(obj({ name: str, code: nullable(str) })),
});

const puzzleView = obj({ puzzle, user: obj({ rating: int, provisional: { type: 'boolean' } }) }, [
  'puzzle',
]);

/** The wire's main shapes (src/common/protocol.ts), as OpenAPI schemas. */
export const SHAPES = {
  error: obj({
    error: obj(
      {
        code: { type: 'string', description: 'A PROTOCOL.md error code' },
        message: {
          type: 'string',
          description: 'English, for logs: clients word code and subcode',
        },
        subcode: {
          type: 'string',
          description: 'Which refusal, where a code covers several (v1.12)',
        },
        until: {
          type: 'integer',
          description: 'When the refusal ends, epoch ms (v1.19: PLAYBANNED, MUTED)',
        },
        reason: {
          type: 'string',
          description: 'Why (v1.19, PLAYBANNED: abort, noStart or leave)',
        },
      },
      ['code', 'message'],
    ),
  }),
  settings: obj({
    boardTheme: { type: 'string', enum: [...BOARD_THEMES] },
    pieceStyle: { type: 'string', enum: [...PIECE_STYLES] },
    colorScheme: { type: 'string', enum: [...COLOR_SCHEMES] },
    coordinates: { type: 'boolean' },
    squareNumbers: { type: 'boolean' },
    premoves: { type: 'boolean' },
    takebacks: { type: 'boolean' },
    sounds: { type: 'boolean' },
    language: nullable({ type: 'string', enum: [...LANGUAGES] }),
    notifyYourTurn: { type: 'boolean' },
    notifyChallenges: { type: 'boolean' },
    notifyTournaments: { type: 'boolean' },
    notifyFollowed: { type: 'boolean' },
    browserNotify: { type: 'boolean' },
    titleFlash: { type: 'boolean' },
  }),
  chatLine: obj({
    id: str,
    matchId: str,
    room: { type: 'string', enum: [...CHAT_ROOMS] },
    by: obj({ id: str, name: str, title: { type: 'string', enum: ['BOT'] } }, ['id', 'name']),
    color: nullable(color),
    text: str,
    at: int,
  }),
  identity: obj({ id: str, name: str, token: { type: 'string', description: 'bearer secret' } }),
  moveEvent: obj({
    matchId: str,
    ply: int,
    by: color,
    from: int,
    to: int,
    path: { type: 'array', items: int },
    captures: { type: 'array', items: int },
    promoted: { type: 'boolean' },
    fen: str,
    turn: nullable(color),
    clock,
  }),
  matchState: obj(
    {
      id: str,
      variant,
      status: { type: 'string', enum: ['active', 'finished'] },
      white: player,
      black: player,
      rated: { type: 'boolean' },
      turn: nullable(color),
      ply: int,
      fen: str,
      initialFen: str,
      pieces: {
        type: 'array',
        items: obj({ id: int, color, king: { type: 'boolean' }, square: int }),
      },
      clock,
      result,
      drawOffer: nullable(color),
      takebackOffer: nullable(color),
      takebacks: { type: 'boolean' },
      rematchOffer: nullable(color),
      rematchId: nullable(str),
      createdAt: str,
      endedAt: nullable(str),
    },
    ['id', 'variant', 'status', 'white', 'black', 'turn', 'ply', 'fen', 'pieces', 'result'],
  ),
  move: obj({
    from: int,
    to: int,
    path: { type: 'array', items: int },
    captures: { type: 'array', items: int },
    promoted: { type: 'boolean' },
  }),
  legalMoves: obj({
    moves: {
      type: 'array',
      description: 'Every legal move of the side to move (one route per capture)',
      items: { $ref: '#/components/schemas/Move' },
    },
    result: {
      ...result,
      description:
        'The game is over in this position (no pieces, no moves, a draw rule): its result',
    },
  }),
  variants: list(
    obj({
      id: str,
      name: str,
      boardSize: { type: 'integer', description: 'Squares a side: 8, 10 or 12' },
      squares: { type: 'integer', description: 'Playable squares, numbered 1-N (v1.17)' },
      allSquares: {
        type: 'boolean',
        description: 'Every square is played, light and dark (turkish); else the dark ones (v1.17)',
      },
      initialFen: str,
    }),
  ),
  challenge: obj(
    {
      id: str,
      url: str,
      status: { type: 'string', enum: ['open', 'accepted', 'declined', 'cancelled', 'expired'] },
      challenger: player,
      dest: nullable(player),
      variant,
      rated: { type: 'boolean' },
      fen: nullable(str),
      matchId: nullable(str),
      createdAt: str,
      expiresAt: str,
    },
    ['id', 'url', 'status', 'challenger', 'variant'],
  ),
  analysis: obj(
    {
      bestMove: nullable({ $ref: '#/components/schemas/Move' }),
      score: { type: 'object', description: '{ cp } | { win } | { loss } for the side to move' },
      depth: int,
      nodes: int,
      nps: int,
      pv: { type: 'array', items: str },
      lines: { type: 'array', items: { type: 'object' } },
    },
    ['bestMove', 'score', 'depth', 'nodes', 'nps', 'pv'],
  ),
  tournament: obj(
    {
      id: str,
      kind: { type: 'string', enum: ['arena', 'swiss'] },
      name: str,
      variant,
      clock: nullable(obj({ initial: int, increment: int })),
      days: nullable(int),
      rated: { type: 'boolean' },
      private: { type: 'boolean' },
      status: { type: 'string', enum: ['created', 'started', 'finished'] },
      startsAt: str,
      endsAt: nullable(str),
      minutes: nullable(int),
      rounds: nullable(int),
      round: int,
      nextRoundAt: nullable(str),
      players: int,
      winner: nullable(obj({ id: str, name: str })),
    },
    ['id', 'kind', 'name', 'variant', 'status', 'startsAt', 'players'],
  ),
  standing: obj(
    {
      rank: int,
      playerId: str,
      name: str,
      rating: int,
      score: int,
      sheet: { type: 'string', description: 'arena: points per game, fire games end in *' },
      fire: { type: 'boolean' },
      games: int,
      performance: nullable(int),
      status: { type: 'string', enum: ['active', 'paused', 'withdrawn'] },
      matchId: nullable(str),
      tiebreaks: { type: 'array', items: { type: 'number' } },
    },
    ['rank', 'playerId', 'name', 'score', 'sheet', 'games', 'status'],
  ),
  puzzleView,
  explorer,
  dailyPuzzle: {
    ...puzzleView,
    properties: { ...(puzzleView.properties as object), date: str },
    required: ['puzzle', 'date'],
  },
  notificationList: obj({
    unread: int,
    items: list(
      obj(
        {
          id: str,
          kind: { type: 'string', enum: [...NOTIFICATION_KINDS] },
          data: { type: 'object', description: 'by kind: PROTOCOL.md v1.19' },
          read: { type: 'boolean' },
          at: int,
        },
        ['id', 'kind', 'data', 'read', 'at'],
      ),
    ),
  }),
  unread: obj({ unread: int }),
  notificationRead: obj({
    ids: {
      oneOf: [
        { type: 'array', items: str },
        { type: 'string', enum: ['all'] },
      ],
    },
    unread: int,
  }),
  puzzleRound: obj({
    rated: { type: 'boolean' },
    player: nullable(obj({ rating: int, rd: int, delta: int })),
    puzzle: obj({ rating: int, plays: int }),
  }),
  tvChannels: {
    type: 'object',
    description: 'best and each variant: its featured game, null while none is live',
    additionalProperties: nullable(
      obj({
        gameId: str,
        variant,
        color,
        user: obj({ id: str, name: str, title: { type: 'string', enum: ['BOT'] } }, ['id', 'name']),
        rating: int,
      }),
    ),
  },
} satisfies Record<string, Schema>;

/** Every operation answers errors in the one shape; the Move shape is shared. */
export function completeDocument(doc: OpenAPIObject): OpenAPIObject {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, Error: SHAPES.error, Move: SHAPES.move };
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
      (op.responses as Record<string, unknown>).default = {
        description:
          'An error: { error: { code, message, subcode?, until?, reason? } } (codes: PROTOCOL.md)',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
  return doc;
}
