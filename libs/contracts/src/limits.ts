/**
 * Limits both sides enforce, zod-free so the public page can import them alone
 * (`@app/contracts/limits`) without shipping the schemas.
 */

/** The public page shows at most this many playlists, and the admin is told so. */
export const PINNED_PLAYLIST_LIMIT = 6;

/** A colour setting: `#RRGGBB` (the registry's rule, and the dashboard's before it saves). */
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** The videos `/` shows before View All: the latest videos' section, and the home page's ItemList. */
export const VIDEO_PAGE_SIZE = 20;

/** The Shorts on `/`'s shelf (`showShortsShelf`). */
export const SHORTS_SHELF_SIZE = 12;

/** The longest search query kept (`GET /api/search`, the search page, a counted search); longer is refused. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
