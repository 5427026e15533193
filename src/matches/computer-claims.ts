/**
 * The computer's claims on a ply (see ComputerService): the one thing of the match tables the
 * computer module writes, through MatchStore like every write, offered without the rest of it.
 */
import { Injectable } from '@nestjs/common';
import { MatchStore } from './match-store.js';

@Injectable()
export class ComputerClaims {
  constructor(private readonly store: MatchStore) {}

  /** Takes the claim on `matchId`'s current ply for `holdMs`; false if it is held or not due. */
  claim(matchId: string, holdMs: number): Promise<boolean> {
    return this.store.claimComputerPly(matchId, holdMs);
  }

  /** Gives the claims on these matches back (the search stopped). */
  release(matchIds: readonly string[]): Promise<void> {
    return this.store.releaseComputerClaims(matchIds);
  }
}
