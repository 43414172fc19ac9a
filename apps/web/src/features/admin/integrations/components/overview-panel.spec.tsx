import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '../../../../test/render';
import { youtubeAnswers as answers } from '../../../../test/sync-run';
import { SettingsGate } from '../../shared/components/settings-gate';
import { OverviewPanel } from './overview-panel';

describe('the Integrations overview’s YouTube tile (issue 45)', () => {
  it('shows the same badge, and links to the one set-up card instead of a Test of its own', async () => {
    answers({ channel: false, apiKey: false });
    renderWithProviders(
      <MemoryRouter>
        <SettingsGate scope="integration">
          <OverviewPanel />
        </SettingsGate>
      </MemoryRouter>,
    );
    const tile = await screen.findByTestId('integration-youtube');
    await waitFor(() => expect(tile).toHaveTextContent('Not set up'));
    expect(within(tile).queryByRole('button', { name: 'Test YouTube' })).toBeNull();
    expect(
      within(tile).getByRole('link', { name: 'Set up under Content → YouTube Integration' }),
    ).toHaveAttribute('href', '/admin?field=channel');
  });
});
