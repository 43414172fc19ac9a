/**
 * How wide each kind of thumbnail is on the page, for each screen (`sizes` of its `<picture>`): the browser picks
 * the file of the right width from it. One string per layout, shared by every image of it; they follow the grids'
 * breakpoints (36em, 48em, 62em) in their CSS modules.
 */
export const IMAGE_SIZES = {
  /** A card of the video grid, the Shorts shelf or the playlists: one, two, then three or more columns. */
  card: '(min-width: 62em) 33vw, (min-width: 36em) 50vw, 100vw',
  /** The featured video's and a watch page's player: two thirds of the page from 62em, else its width. */
  poster: '(min-width: 62em) 66vw, 100vw',
  /** A related video on a watch page: 40% of the aside (a third of the page from 62em). */
  related: '(min-width: 62em) 14vw, 40vw',
  /** The live stream's player beside its title from 48em. */
  live: '(min-width: 48em) 60vw, 100vw',
  /** The upcoming stream's small picture. */
  small: '160px',
} as const;
