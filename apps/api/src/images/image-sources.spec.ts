import { BANNER_WIDTH, bannerSourceUrl, imageCandidates } from './image-sources';

describe('bannerSourceUrl', () => {
  const base = 'https://yt3.googleusercontent.com/AbC-d_Ef';

  it('asks the banner at BANNER_WIDTH, wider than the widest file', () => {
    expect(BANNER_WIDTH).toBeGreaterThanOrEqual(1280);
    expect(bannerSourceUrl(base)).toBe(`${base}=w${BANNER_WIDTH}`);
  });

  it('replaces any size option the URL had, options with `=` in them included', () => {
    expect(bannerSourceUrl(`${base}=w1060-fcrop64=1,00005a57ffffa5a8-k-c0xffffffff-no-nd-rj`)).toBe(
      `${base}=w${BANNER_WIDTH}`,
    );
    expect(bannerSourceUrl(`${base}=s0`)).toBe(`${base}=w${BANNER_WIDTH}`);
  });

  it('is fetched as it is: one candidate, never taken for YouTube’s grey stand-in', () => {
    const url = bannerSourceUrl(base);
    expect(imageCandidates(url)).toEqual([{ url, placeholderIfTiny: false }]);
  });
});
