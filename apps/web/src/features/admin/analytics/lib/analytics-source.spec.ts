import { adminTabs } from '../../shared/lib/admin-location';
import { analyticsSourceOf, subtabIn } from './analytics-source';

describe('the Analytics sources', () => {
  it('tells the source by the subtab, the site by default', () => {
    expect(analyticsSourceOf('youtube-revenue')).toBe('youtube');
    expect(analyticsSourceOf('conversions')).toBe('site');
    expect(analyticsSourceOf(null)).toBe('site');
  });

  it('lands on the counterpart of the open subtab when the source changes, and stays on one of its own', () => {
    const pairs = [
      ['performance', 'youtube-overview'],
      ['traffic', 'youtube-audience'],
      ['content', 'youtube-content'],
      ['conversions', 'youtube-revenue'],
    ];
    for (const [site, youtube] of pairs) {
      expect(subtabIn('youtube', site)).toBe(youtube);
      expect(subtabIn('site', youtube)).toBe(site);
      expect(subtabIn('site', site)).toBe(site);
      expect(subtabIn('youtube', youtube)).toBe(youtube);
    }
    expect(subtabIn('youtube', null)).toBe('youtube-overview');
    // Every subtab of either source is one the URL keeps.
    expect([...adminTabs.analytics].sort()).toEqual(pairs.flat().sort());
  });
});
