import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { fromRulesError } from '../common/errors.js';
import { parsePayload } from '../common/validation.js';
import { allVariants, outcome, Position, startProgress, VARIANT_IDS } from '../rules/index.js';
import { ApiAnswer, ApiZodBody, SHAPES } from '../common/openapi.js';

const RulesQuery = z
  .object({ variant: z.enum(VARIANT_IDS), fen: z.string().min(1).max(1000) })
  .strict();

/** The rules over HTTP, stateless: for bots, analysis boards and clients. */
@ApiTags('rules')
@Controller('api')
export class RulesController {
  @Get('variants')
  @ApiOperation({
    summary: 'The variants: [{ id, name, boardSize, squares, allSquares, initialFen }]',
  })
  @ApiAnswer(200, SHAPES.variants)
  variants() {
    return allVariants().map((v) => ({
      id: v.id,
      name: v.name,
      boardSize: v.geometry.size,
      squares: v.geometry.squares,
      allSquares: v.geometry.allSquares,
      initialFen: v.initialFen,
    }));
  }

  @Post('rules/moves')
  @ApiZodBody(RulesQuery)
  @HttpCode(200)
  @ApiOperation({
    summary:
      '{ variant, fen } -> { moves: every legal move of the side to move, result: the result if the game is over here, else null }',
  })
  @ApiAnswer(200, SHAPES.legalMoves)
  moves(@Body() body: unknown) {
    const { variant, fen } = parsePayload(RulesQuery, body);
    const parsed = Position.fromFen(variant, fen);
    if (!parsed.ok) throw fromRulesError(parsed.error);
    const pos = parsed.value;
    return { moves: pos.legalMoves(), result: outcome(startProgress(pos)) };
  }
}
