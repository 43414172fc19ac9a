/**
 * Limits both sides enforce, zod-free so the public page can import them alone
 * (`@app/contracts/limits`) without shipping the schemas.
 */

/** SPEC §9: the public page shows at most this many playlists, and the admin is told so. */
export const PINNED_PLAYLIST_LIMIT = 6;
