import type { Playlist, SiteImage } from '@app/contracts';
import { screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { siteImage } from '../../../test/site-image';
import { en } from '@app/contracts/i18n/en';
import { featuredPlaylists, gradientIndex, PlaylistsSection } from './playlists-section';

const playlist = (id: string, pinned = false, image: SiteImage | null = null): Playlist => ({
  id,
  title: `Playlist ${id}`,
  thumbnail: image && `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  image,
  videoCount: 3,
  pinned,
});

describe('featuredPlaylists', () => {
  it('puts pinned ones first, keeps the order otherwise, and shows at most six', () => {
    const list = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id) => playlist(id, id === 'e' || id === 'h'));
    expect(featuredPlaylists(list).map((p) => p.id)).toEqual(['e', 'h', 'a', 'b', 'c', 'd']);
  });

  it('picks one of six gradients by the first character of the id', () => {
    expect(gradientIndex('A')).toBe(65 % 6);
    expect(gradientIndex('Abc')).toBe(gradientIndex('Axyz'));
    expect(new Set('PLabcdefXYZ019'.split('').map(gradientIndex)).size).toBe(6);
  });
});

describe('PlaylistsSection', () => {
  it('shows three skeletons, then the cards linking to the playlist pages', async () => {
    let answer!: (res: Response) => void;
    mockFetch({ '/api/playlists': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { container } = renderWithProviders(<PlaylistsSection />);
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(3);
    answer(fakeResponse(200, [playlist('PLone', false, siteImage('one')), playlist('PLtwo', true)]));
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      'https://www.youtube.com/playlist?list=PLtwo',
      'https://www.youtube.com/playlist?list=PLone',
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('playlist-gradient')).toHaveAttribute(
      'data-gradient',
      String(gradientIndex('PLtwo')),
    );
    // A playlist's picture is the site's copy of its thumbnail, never YouTube's.
    const image = siteImage('one');
    expect(links[1].querySelector('picture source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      `${image.path}/320.avif 320w, ${image.path}/640.avif 640w, ${image.path}/1280.avif 1280w`,
    );
    expect(links[1].querySelector('img')).toHaveAttribute('src', `${image.path}/640.jpg`);
    expect(container.innerHTML).not.toContain('ytimg');
  });

  it('says so when there are none', async () => {
    mockFetch({ '/api/playlists': () => fakeResponse(200, []) });
    renderWithProviders(<PlaylistsSection />);
    expect(await screen.findByText(en['playlists.empty'])).toBeInTheDocument();
  });
});
