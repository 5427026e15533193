import { Initial1763800000000 } from './1763800000000-initial.js';
import { Lifecycle1763900000000 } from './1763900000000-lifecycle.js';
import { Cluster1764000000000 } from './1764000000000-cluster.js';
import { Computer1764100000000 } from './1764100000000-computer.js';
import { Accounts1764200000000 } from './1764200000000-accounts.js';
import { Ratings1764300000000 } from './1764300000000-ratings.js';
import { Profiles1764400000000 } from './1764400000000-profiles.js';
import { Challenges1764500000000 } from './1764500000000-challenges.js';
import { ApiTokens1764600000000 } from './1764600000000-api-tokens.js';
import { BotAccounts1764700000000 } from './1764700000000-bot-accounts.js';
import { GameAnalyses1764800000000 } from './1764800000000-game-analyses.js';
import { GamePage1764900000000 } from './1764900000000-game-page.js';
import { TakebackRefusals1765000000000 } from './1765000000000-takeback-refusals.js';
import { Tournaments1765100000000 } from './1765100000000-tournaments.js';
import { Puzzles1765200000000 } from './1765200000000-puzzles.js';
import { Social1765300000000 } from './1765300000000-social.js';
import { Notifications1765310000000 } from './1765310000000-notifications.js';
import { Moderation1765320000000 } from './1765320000000-moderation.js';
import { Fairplay1765330000000 } from './1765330000000-fairplay.js';
import { Explorer1765340000000 } from './1765340000000-explorer.js';

/** Explicit list (no globs): the same under Jest, tsx and dist/. */
export const MIGRATIONS = [
  Initial1763800000000,
  Lifecycle1763900000000,
  Cluster1764000000000,
  Computer1764100000000,
  Accounts1764200000000,
  Ratings1764300000000,
  Profiles1764400000000,
  Challenges1764500000000,
  ApiTokens1764600000000,
  BotAccounts1764700000000,
  GameAnalyses1764800000000,
  GamePage1764900000000,
  TakebackRefusals1765000000000,
  Tournaments1765100000000,
  Puzzles1765200000000,
  Social1765300000000,
  Notifications1765310000000,
  Moderation1765320000000,
  Fairplay1765330000000,
  Explorer1765340000000,
];
