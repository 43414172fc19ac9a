/**
 * Keys of the catalogues (`en.ts` and beside it) that only the API uses: the newsletter's e-mails and the pages of
 * its links. The web app leaves them out of what it loads, so they never go into a page. Apart from the catalogues
 * so that asking costs no catalogue.
 */
export const SERVER_KEY_PREFIXES = ['email.', 'linkPage.'] as const;

export function isServerKey(key: string): boolean {
  return SERVER_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}
