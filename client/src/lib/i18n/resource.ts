/**
 * The shape every language must have: English's keys (en.ts) with string leaves. A plural key
 * ending `_other` may have the other plural categories beside it (`_zero`, `_two`, `_few`,
 * `_many`: Russian needs `_few` and `_many`); any other missing or extra key fails the typecheck.
 */
import type { en } from './en.js';

type Extra = 'zero' | 'two' | 'few' | 'many';

export type Tree<T> = {
  -readonly [K in keyof T]: T[K] extends string ? string : Tree<T[K]>;
} & {
  -readonly [K in keyof T as K extends `${infer B}_other` ? `${B}_${Extra}` : never]?: string;
};

export type Resource = Tree<typeof en>;

/** Every dotted path to a string of English ("game.claimIn", "clock.daysLeft_one"). */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

type Suffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A key as t() takes it: a plural without its suffix ("clock.daysLeft", with a count). */
export type Key =
  Leaves<typeof en> extends infer L ? (L extends `${infer B}_${Suffix}` ? B : L) : never;
