import { Hero } from './hero';

/** The public home page; further sections (videos, playlists, community) join later. */
export function HomePage() {
  return <Hero />;
}
