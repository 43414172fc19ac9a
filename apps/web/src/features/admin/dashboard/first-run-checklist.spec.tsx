import type { FirstRunChecklist as Checklist } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { FirstRunChecklist } from './first-run-checklist';

const items = (done: Partial<Record<string, boolean>> = {}): Checklist['items'] =>
  (['channel', 'password', 'two-factor', 'public-url', 'sitemap'] as const).map((id) => ({
    id,
    done: done[id] ?? false,
    detail: `${id} detail`,
  }));

function render() {
  return renderWithProviders(
    <MemoryRouter>
      <FirstRunChecklist />
    </MemoryRouter>,
  );
}

describe('the first-run checklist (issue 24)', () => {
  it('shows each item with the server’s state and where it is done', async () => {
    mockFetch({
      '/api/admin/checklist': () =>
        fakeResponse(200, { items: items({ 'public-url': true }), complete: false, dismissed: false }),
    });
    render();
    const list = await screen.findByRole('list', { name: 'First-run checklist' });
    expect(screen.getByTestId('checklist-left')).toHaveTextContent('4 of 5 left');
    const item = (id: string) => list.querySelector(`[data-item="${id}"]`) as HTMLElement;
    expect(item('public-url')).toHaveAttribute('data-done', 'true');
    expect(item('channel')).toHaveAttribute('data-done', 'false');
    // Each link lands on its field (scrolled to and focused there).
    expect(within(item('channel')).getByRole('link', { name: 'YouTube Integration' })).toHaveAttribute(
      'href',
      '/admin?field=channel',
    );
    expect(within(item('password')).getByRole('link', { name: 'Settings → Security' })).toHaveAttribute(
      'href',
      '/admin?tab=settings&sub=security&field=password',
    );
    expect(within(item('two-factor')).getByRole('link', { name: 'Settings → Security' })).toHaveAttribute(
      'href',
      '/admin?tab=settings&sub=security&field=two-factor',
    );
    expect(within(item('sitemap')).getByRole('link', { name: 'Google Search Console' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('is not shown once everything is done, nor once dismissed', async () => {
    const fetch = mockFetch({
      '/api/admin/checklist': () => fakeResponse(200, { items: items(), complete: true, dismissed: false }),
    });
    render();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('list', { name: 'First-run checklist' })).toBeNull();
  });

  it('is dismissed through the server, and stays gone', async () => {
    let dismissed = false;
    const fetch = mockFetch({
      '/api/admin/checklist': () => fakeResponse(200, { items: items(), complete: false, dismissed }),
      '/api/settings/firstRunChecklistDismissed': () => {
        dismissed = true;
        return fakeResponse(200, { key: 'firstRunChecklistDismissed', value: true });
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss the checklist' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'First-run checklist' })).toBeNull());
    const posted = fetch.mock.calls.find(([url]) => url === '/api/settings/firstRunChecklistDismissed');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({ value: true });
  });
});
