import { scriptSafeJson } from '@app/contracts/html';
import type { DehydratedState } from '@tanstack/react-query';

/** The element holding the data a server-rendered page was rendered with. */
export const SSR_STATE_ID = 'ssr-state';

/**
 * The data as a JSON data block (never run, so the page's script policy needs no hash for it), safe inside
 * HTML: `<`, `>`, `&` and the line separators JavaScript's JSON.parse accepts but HTML parsers may not keep.
 */
export function ssrStateScript(state: DehydratedState): string {
  const json = scriptSafeJson(state);
  return `<script type="application/json" id="${SSR_STATE_ID}">${json}</script>`;
}

/** The data of a server-rendered page, or undefined for a page the browser renders by itself. */
export function readSsrState(): DehydratedState | undefined {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}
