/**
 * Keys of the catalogues (`en.ts` and beside it) that only the API uses: the newsletter's e-mails and the pages of
 * its links, the OpenSearch description. The web app leaves them out of what it loads, so they never go into a page. Apart from the catalogues
 * so that asking costs no catalogue.
 */
export const SERVER_KEY_PREFIXES = ['email.', 'linkPage.', 'opensearch.'] as const;

export function isServerKey(key: string): boolean {
  return SERVER_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/**
 * Keys of the standalone documents the web server renders (a sponsor report, the media kit: no app, no script).
 * Only the server's rendering of those documents compiles them; the catalogue a page hands its app leaves them out.
 */
export const DOCUMENT_KEY_PREFIXES = ['figure.', 'report.', 'mediaKit.'] as const;

export function isDocumentKey(key: string): boolean {
  return DOCUMENT_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}
