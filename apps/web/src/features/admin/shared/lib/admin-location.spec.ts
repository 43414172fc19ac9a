import { adminSearchParams, adminTabIds, readAdminLocation } from './admin-location';

const read = (query: string) => readAdminLocation(new URLSearchParams(query));

describe('readAdminLocation', () => {
  it('opens the content tab by default with the 30d range', () => {
    expect(read('')).toEqual({ tab: 'content', sub: null, range: '30d', field: null });
  });

  it('reads the tab, subtab and range', () => {
    expect(read('tab=design&sub=typography')).toEqual({
      tab: 'design',
      sub: 'typography',
      range: '30d',
      field: null,
    });
    expect(read('tab=analytics&sub=traffic&range=1y')).toEqual({
      tab: 'analytics',
      sub: 'traffic',
      range: '1y',
      field: null,
    });
  });

  it('falls back to the first subtab and the defaults for unknown values', () => {
    expect(read('tab=settings&sub=nope&range=2y')).toEqual({
      tab: 'settings',
      sub: 'general',
      range: '30d',
      field: null,
    });
    expect(read('tab=nope&sub=themes')).toEqual({ tab: 'content', sub: null, range: '30d', field: null });
    expect(read('tab=toString')).toEqual({ tab: 'content', sub: null, range: '30d', field: null });
  });

  it('does not take a subtab of another tab', () => {
    expect(read('tab=design&sub=general').sub).toBe('themes');
  });

  it('knows the six tabs in order', () => {
    expect(adminTabIds).toEqual([
      'content',
      'monetization',
      'design',
      'integrations',
      'analytics',
      'settings',
    ]);
  });
});

describe('adminSearchParams', () => {
  it('leaves the plain /admin for the content tab', () => {
    expect(adminSearchParams({ tab: 'content' }).toString()).toBe('');
    expect(adminSearchParams().toString()).toBe('');
  });

  it('names the subtab of every other tab, the first one when none is given', () => {
    expect(adminSearchParams({ tab: 'design', sub: 'typography' }).toString()).toBe(
      'tab=design&sub=typography',
    );
    expect(adminSearchParams({ tab: 'design' }).toString()).toBe('tab=design&sub=themes');
    expect(adminSearchParams({ tab: 'design', sub: 'backup' }).toString()).toBe('tab=design&sub=themes');
  });

  it('keeps a non-default analytics range, on the analytics tab only', () => {
    expect(adminSearchParams({ tab: 'analytics', sub: 'content', range: '7d' }).toString()).toBe(
      'tab=analytics&sub=content&range=7d',
    );
    expect(adminSearchParams({ tab: 'analytics', range: '30d' }).toString()).toBe(
      'tab=analytics&sub=performance',
    );
    expect(adminSearchParams({ tab: 'settings', range: '7d' }).toString()).toBe('tab=settings&sub=general');
  });

  it('names a field to land on, and reads back only the known ones', () => {
    expect(adminSearchParams({ tab: 'content', field: 'channel' }).toString()).toBe('field=channel');
    expect(adminSearchParams({ tab: 'settings', sub: 'security', field: 'password' }).toString()).toBe(
      'tab=settings&sub=security&field=password',
    );
    expect(read('field=channel').field).toBe('channel');
    expect(read('field=nope').field).toBeNull();
  });

  it('round-trips through readAdminLocation', () => {
    const location = { tab: 'integrations', sub: 'advanced', range: '30d', field: null } as const;
    expect(readAdminLocation(adminSearchParams(location))).toEqual(location);
  });
});
