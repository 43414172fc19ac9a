import {
  publicSettingsKeys,
  type PublicSettings,
  SECRET_MASK,
  type Settings,
  settingsDefaults,
} from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import {
  getPublicSettings,
  readCachedSettings,
  SETTINGS_CACHE_KEY,
  usePublicSettings,
} from '../../../settings/api/get-public-settings';
import { useAdminSettings } from './get-admin-settings';
import { useUpdateSetting } from './update-setting';

/** What only the admin may see: if any of these texts is in the browser's storage, it leaked. */
const ADMIN_ONLY = {
  contactEmail: 'owner@example.com',
  notificationEmail: 'alerts@example.com',
  affiliatePrograms: [
    {
      id: 'amz',
      name: 'Amazon',
      baseUrl: 'https://amazon.example/shop',
      utmParams: { source: 'youtube', medium: 'referral', campaign: 'default' },
    },
  ],
  customWebhookUrl: 'https://hooks.example/private',
  discordWebhook: SECRET_MASK,
} satisfies Partial<Settings>;
const ADMIN_ONLY_TEXTS = ['owner@example.com', 'alerts@example.com', 'amazon.example', 'hooks.example'];

const adminBag = (siteTitle: string): Settings => ({ ...settingsDefaults, ...ADMIN_ONLY, siteTitle });
const publicBag = (siteTitle: string): PublicSettings => {
  const bag = adminBag(siteTitle);
  return Object.fromEntries(publicSettingsKeys.map((key) => [key, bag[key]])) as PublicSettings;
};

/** Everything this page left in the browser's storage, as text. */
function storedTexts(): string[] {
  return [window.localStorage, window.sessionStorage].flatMap((storage) =>
    Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`),
  );
}

function expectNoAdminKeyStored() {
  const copy = JSON.parse(window.localStorage.getItem(SETTINGS_CACHE_KEY) ?? 'null') as Record<
    string,
    unknown
  > | null;
  expect(copy).not.toBeNull();
  for (const key of Object.keys(copy!)) expect(publicSettingsKeys).toContain(key);
  for (const key of Object.keys(ADMIN_ONLY)) expect(copy).not.toHaveProperty(key);
  for (const text of storedTexts()) {
    for (const secret of ADMIN_ONLY_TEXTS) expect(text).not.toContain(secret);
  }
}

/** The dashboard's settings and the public page's, side by side in one query client (an admin with both open). */
function AdminAndPublicPage() {
  const admin = useAdminSettings();
  const { settings } = usePublicSettings();
  const { mutate } = useUpdateSetting('settings');
  return (
    <>
      <p>dashboard: {admin.data ? `${admin.data.siteTitle} / ${admin.data.contactEmail}` : 'loading'}</p>
      <p>page: {settings.siteTitle}</p>
      <button
        type="button"
        onClick={() => mutate({ key: 'siteTitle', value: 'New title', label: 'Site title', quiet: true })}
      >
        save
      </button>
    </>
  );
}

describe('settings in the browser after an admin session', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('stores only the public answer; the dashboard’s bag stays in memory, and a save shows on the page at once', async () => {
    let title = 'Old title';
    const fetch = mockFetch({
      '/api/admin/settings': () => fakeResponse(200, adminBag(title)),
      '/api/settings': () => fakeResponse(200, publicBag(title)),
      '/api/settings/siteTitle': () => {
        title = 'New title';
        return fakeResponse(200, { key: 'siteTitle', value: title });
      },
    });
    renderWithProviders(<AdminAndPublicPage />);
    expect(await screen.findByText('dashboard: Old title / owner@example.com')).toBeInTheDocument();
    expect(await screen.findByText('page: Old title')).toBeInTheDocument();
    expectNoAdminKeyStored();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'save' })));
    expect(await screen.findByText('dashboard: New title / owner@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('page: New title')).toBeInTheDocument());
    const reads = fetch.mock.calls.filter(([url, init]) => url === '/api/settings' && !init?.method);
    expect(reads).toHaveLength(2);
    expect(readCachedSettings()?.siteTitle).toBe('New title');
    expectNoAdminKeyStored();
  });

  it('keeps only public keys even if `GET /api/settings` answers more (an older API did for the admin)', async () => {
    mockFetch({ '/api/settings': () => fakeResponse(200, adminBag('Site')) });
    const settings = await getPublicSettings();
    expect(Object.keys(settings).sort()).toEqual([...publicSettingsKeys].sort());
    expectNoAdminKeyStored();
  });

  it('drops the admin-only keys of a copy an older version left in storage', () => {
    window.localStorage.setItem(SETTINGS_CACHE_KEY, JSON.stringify(adminBag('Site')));
    const settings = readCachedSettings();
    expect(settings?.siteTitle).toBe('Site');
    for (const key of Object.keys(ADMIN_ONLY)) expect(settings).not.toHaveProperty(key);
  });
});

/** Two saves of one object setting, as two blurs of the ad slot fields make them. */
function TwoSaves() {
  const admin = useAdminSettings();
  const { mutate } = useUpdateSetting('settings');
  const slots = (inFeed: string) => ({ ...settingsDefaults.adSlots, inFeed });
  return (
    <>
      <p>in-feed: {admin.data ? admin.data.adSlots.inFeed || '-' : 'loading'}</p>
      <button
        type="button"
        onClick={() => {
          mutate({ key: 'adSlots', value: slots('111'), label: 'Ad slots', quiet: true });
          mutate({ key: 'adSlots', value: slots('222'), label: 'Ad slots', quiet: true });
        }}
      >
        save twice
      </button>
    </>
  );
}

describe('saves of one setting', () => {
  it('go out one at a time, in order, and the field never shows the older answer after the newer value', async () => {
    const sent: string[] = [];
    const answers: (() => void)[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    mockFetch({
      '/api/admin/settings': () => fakeResponse(200, adminBag('Site')),
      '/api/settings': () => fakeResponse(200, publicBag('Site')),
      '/api/settings/adSlots': (init) => {
        const { value } = JSON.parse(String(init?.body)) as { value: Settings['adSlots'] };
        sent.push(value.inFeed);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        // The server answers when the test says so (the first save is slow).
        return new Promise<Response>((resolve) =>
          answers.push(() => {
            inFlight -= 1;
            resolve(fakeResponse(200, { key: 'adSlots', value }));
          }),
        );
      },
    });
    renderWithProviders(<TwoSaves />);
    expect(await screen.findByText('in-feed: -')).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'save twice' })));
    // React Query tells the page of the cache's change on a timer: the newer value shows a moment after the click.
    expect(await screen.findByText('in-feed: 222')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual(['111']));
    await act(async () => answers.shift()!());
    // The second save goes out once the first is answered: that answer (111) does not replace the newer value.
    await waitFor(() => expect(sent).toEqual(['111', '222']));
    expect(screen.getByText('in-feed: 222')).toBeInTheDocument();
    await act(async () => answers.shift()!());
    expect(screen.getByText('in-feed: 222')).toBeInTheDocument();
    expect(mostInFlight).toBe(1);
  });
});
