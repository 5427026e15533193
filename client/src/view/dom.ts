/** The page is client/index.html: its elements, found by id. */
export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export function showIf(id: string, on: boolean): void {
  $(id).hidden = !on;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
