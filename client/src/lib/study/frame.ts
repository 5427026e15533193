/**
 * The markup the analysis board and the board editor share, once: lib/study/frame.html, with
 * slots (`<!--slot:NAME-->`, and `{{page}}` for its id) that each page's markup fills. A page's
 * file is its slots: each marker, then what goes in that slot up to the next marker.
 */
export function fillSlots(frame: string, page: string): string {
  const parts = page.split(/<!--\s*slot:([a-z]+)\s*-->/);
  const slots = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) slots.set(parts[i], parts[i + 1]);
  const filled = frame
    .replace('{{page}}', (slots.get('page') ?? '').trim())
    .replace(/<!--\s*slot:([a-z]+)\s*-->/g, (_, name: string) => slots.get(name) ?? '');
  // Only the page's own comment above its first slot stays out.
  return filled;
}
