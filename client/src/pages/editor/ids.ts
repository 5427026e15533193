/** The board editor's elements (editor.html), by id, with their tags. */
import { STUDY_IDS } from '../../lib/study/ids.js';

export const EDITOR_IDS = {
  ...STUDY_IDS,
  editor: 'main',
  'editor-panel': 'section',
  'editor-turn': 'select',
  'editor-start': 'button',
  'editor-clear': 'button',
  'editor-check': 'p',
  'editor-analyse': 'button',
  'editor-computer': 'a',
  'editor-friend': 'a',
} as const;
