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
