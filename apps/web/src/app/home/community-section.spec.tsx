import type { PublicSettings } from '@app/contracts';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { CommunitySection } from './community-section';

function setup(settings: Partial<PublicSettings>) {
  window.localStorage.clear();
  mockFetch({ '/api/settings': () => fakeResponse(200, { ...PUBLIC_SETTINGS_DEFAULTS, ...settings }) });
  renderWithProviders(<CommunitySection />);
}

const card = (id: string) => {
  const item = document.querySelector<HTMLElement>(`[data-community="${id}"]`);
  if (!item) throw new Error(`no ${id} card`);
  return within(item);
};

/** A click that may load the lazily imported sign-up form. */
const clickAndLoad = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
    await import('../../features/newsletter/components/newsletter-dialog');
  });

describe('CommunitySection', () => {
  let log: jest.SpyInstance;
  beforeEach(() => {
    log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => log.mockRestore());

  it('on a fresh site: the default texts, and each button writes its console message (no link, no navigation)', async () => {
    setup({});
    expect(await screen.findByRole('heading', { name: 'Discord', level: 3 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Discord',
      'Twitter',
      'Newsletter',
    ]);
    expect(screen.queryAllByRole('link')).toEqual([]);
    for (const name of ['Join Now', 'Follow', 'Subscribe'])
      await clickAndLoad(screen.getByRole('button', { name: new RegExp(`^${name}:`) }));
    expect(log.mock.calls).toEqual([
      ['Join Discord clicked'],
      ['Follow on Twitter clicked'],
      ['Newsletter subscribe clicked'],
    ]);
  });

  it('with the links set: Join Now and Follow open them in a new tab; Subscribe logs and opens its form', async () => {
    setup({
      discordInviteUrl: 'https://discord.gg/codewithalex',
      twitterHandle: '@alex_codes',
      communityDiscordTitle: 'Our server',
      communityDiscordDescription: 'Help any time.',
      communityTwitterTitle: 'X',
      communityNewsletterDescription: 'Monthly.',
    });
    const join = await screen.findByRole('link', { name: /^Join Now: Our server/ });
    expect([join.getAttribute('href'), join.getAttribute('target'), join.getAttribute('rel')]).toEqual([
      'https://discord.gg/codewithalex',
      '_blank',
      'noopener noreferrer',
    ]);
    const follow = card('twitter').getByRole('link', { name: /^Follow: X/ });
    expect([follow.getAttribute('href'), follow.getAttribute('target'), follow.getAttribute('rel')]).toEqual([
      'https://x.com/alex_codes',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(card('discord').getByText('Help any time.')).toBeTruthy();
    expect(card('newsletter').getByText('Monthly.')).toBeTruthy();
    fireEvent.click(join);
    fireEvent.click(follow);
    await clickAndLoad(card('newsletter').getByRole('button', { name: /^Subscribe/ }));
    expect(log.mock.calls).toEqual([['Newsletter subscribe clicked']]);
  });

  it('a card without its link keeps the console message while the other links', async () => {
    setup({ twitterHandle: 'alex' });
    expect((await screen.findByRole('link', { name: /^Follow/ })).getAttribute('href')).toBe(
      'https://x.com/alex',
    );
    fireEvent.click(card('discord').getByRole('button', { name: /^Join Now/ }));
    expect(log.mock.calls).toEqual([['Join Discord clicked']]);
  });

  it('Subscribe writes its console message and opens the sign-up form, named by the card', async () => {
    setup({ communityNewsletterTitle: 'Monthly letter' });
    await clickAndLoad(await screen.findByRole('button', { name: /^Subscribe: Monthly letter/ }));
    expect(log.mock.calls).toEqual([['Newsletter subscribe clicked']]);
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe: Monthly letter' });
    expect(within(dialog).getByLabelText(/^E-mail address/)).toBeTruthy();
  });
});
