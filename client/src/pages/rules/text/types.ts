/** The shape of a rules page's words in one language (text/<lang>.ts, loaded with the page). */
import type { RulesVariantId } from '../catalog.js';

/** A variant's page, section by section (each one to three whole sentences). */
export interface VariantRules {
  /** Its name where the client's words have none (a variant not played here yet). */
  readonly name: string;
  /** One line for the list of variants. */
  readonly line: string;
  readonly board: string;
  readonly men: string;
  readonly kings: string;
  readonly capture: string;
  readonly promotion: string;
  readonly win: string;
  readonly draws: string;
  readonly sources: string;
  /** A caption per diagram: the start first, then catalog.ts's diagrams in order. */
  readonly captions: readonly string[];
}

export const SECTIONS = [
  'board',
  'men',
  'kings',
  'capture',
  'promotion',
  'win',
  'draws',
  'sources',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface RulesText {
  /** The list's heading, and the document's title there. */
  readonly title: string;
  readonly pageTitle: string;
  readonly intro: string;
  readonly columns: { readonly variant: string; readonly board: string; readonly summary: string };
  /** The way back from a variant to the list. */
  readonly allVariants: string;
  readonly variantTitle: (name: string) => string;
  readonly variantPageTitle: (name: string) => string;
  /** A board's size and pieces: "10×10, 20 against 20". */
  readonly boardOf: (size: number, pieces: number) => string;
  readonly sections: Readonly<Record<Section, string>>;
  /** Said where the diagrams would be, for a variant not played on this server yet. */
  readonly notYet: string;
  /** /rules/<something else>. */
  readonly unknown: string;
  /** The diagrams' legend: the arrow, the marked squares. */
  readonly legend: string;
  readonly variants: Readonly<Record<RulesVariantId, VariantRules>>;
}
