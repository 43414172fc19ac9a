import { scriptSafeJson } from '@app/contracts/html';
import type { DehydratedState } from '@tanstack/react-query';
import type { PageMessages } from './i18n/i18n';

/** The element holding the data a server-rendered page was rendered with. */
export const SSR_STATE_ID = 'ssr-state';
/** The element holding the page's language and its compiled catalogue. */
export const SSR_MESSAGES_ID = 'ssr-messages';

/**
 * The data as a JSON data block (never run, so the page's script policy needs no hash for it), safe inside
 * HTML: `<`, `>`, `&` and the line separators JavaScript's JSON.parse accepts but HTML parsers may not keep.
 */
export function ssrStateScript(state: DehydratedState, messages: PageMessages, renderedAt: number): string {
  return (
    `<script type="application/json" id="${SSR_STATE_ID}" data-rendered-at="${renderedAt}">${scriptSafeJson(state)}</script>` +
    `<script type="application/json" id="${SSR_MESSAGES_ID}">${scriptSafeJson(messages)}</script>`
  );
}

/** The data of a server-rendered page, or undefined for a page the browser renders by itself. */
export function readSsrState(): DehydratedState | undefined {
  return readJsonBlock<DehydratedState>(SSR_STATE_ID);
}

/** When the server rendered the page (its relative dates count from then), or undefined. */
export function readSsrRenderTime(): number | undefined {
  const time = Number(document.getElementById(SSR_STATE_ID)?.dataset.renderedAt);
  return Number.isFinite(time) && time > 0 ? time : undefined;
}

/** The language a server-rendered page was rendered in, with its catalogue, so hydration matches. */
export function readSsrMessages(): PageMessages | undefined {
  return readJsonBlock<PageMessages>(SSR_MESSAGES_ID);
}

function readJsonBlock<T>(id: string): T | undefined {
  const element = document.getElementById(id);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return undefined;
  }
}
