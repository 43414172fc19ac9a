import {
  apiPaths,
  type AdminSessions,
  type AuditPage,
  type Passkeys,
  type TwoFactorStatus,
} from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { SecurityPanel } from './security-panel';

const ANSWERS = {
  [apiPaths.twoFactor]: { enabled: false, recoveryCodesLeft: 0 } satisfies TwoFactorStatus,
  [apiPaths.passkeys]: { passkeys: [] } satisfies Passkeys,
  [apiPaths.sessions]: { sessions: [] } satisfies AdminSessions,
  [apiPaths.audit]: { events: [], nextBefore: null } satisfies AuditPage,
};
const PANELS = ['Two-factor sign-in', 'Passkeys', 'Signed-in sessions', 'Audit log'];

describe('the Security subtab', () => {
  it.each(Object.keys(ANSWERS))(
    'shows one loader instead of the panels below the password until %s has answered too, then all at once',
    async (late) => {
      let answerLate: () => void = () => undefined;
      mockFetch(
        Object.fromEntries(
          Object.entries(ANSWERS).map(([path, body]) => [
            path,
            path === late
              ? () =>
                  new Promise<Response>((resolve) => (answerLate = () => resolve(fakeResponse(200, body))))
              : () => fakeResponse(200, body),
          ]),
        ),
      );
      renderWithProviders(
        <MemoryRouter>
          <SecurityPanel />
        </MemoryRouter>,
      );
      expect(await screen.findByRole('status', { name: 'Loading security settings' })).toBeInTheDocument();
      // The password card does not wait: it is at the top, nothing above it grows.
      expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
      // The other three answer meanwhile.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      for (const title of PANELS) expect(screen.queryByText(title)).toBeNull();

      act(() => answerLate());
      for (const title of PANELS) expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.queryByRole('status', { name: 'Loading security settings' })).toBeNull();
    },
  );

  it.each([
    ['password', 'Current password', 'textbox'],
    ['two-factor', 'Set up two-factor sign-in', 'button'],
  ] as const)(
    'lands on its field from a link (&field=%s): scrolled to and focused',
    async (field, name, role) => {
      mockFetch(
        Object.fromEntries(
          Object.entries(ANSWERS).map(([path, body]) => [path, () => fakeResponse(200, body)]),
        ),
      );
      const scrolled = jest.mocked(Element.prototype.scrollIntoView);
      scrolled.mockClear();
      renderWithProviders(
        <MemoryRouter initialEntries={[`/admin?tab=settings&sub=security&field=${field}`]}>
          <SecurityPanel />
        </MemoryRouter>,
      );
      const target =
        role === 'button' ? await screen.findByRole('button', { name }) : await screen.findByLabelText(name);
      await waitFor(() => expect(target).toHaveFocus());
      expect(scrolled.mock.contexts).toContain(target);
    },
  );
});
