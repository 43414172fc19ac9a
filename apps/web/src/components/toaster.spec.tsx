import { act, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../test/render';
import { toast, TOAST_DURATION_MS } from '../lib/toast';
import { Toaster } from './toaster';

describe('toast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => notifications.clean());
    jest.useRealTimers();
  });

  it('shows one toast at a time, the newest waiting until the first closes after 5 s', () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toast({ title: 'Settings updated', description: 'Settings saved' });
      toast({ title: 'Login failed', description: '401: Invalid credentials', variant: 'destructive' });
    });
    expect(screen.getByText('Settings updated')).toBeInTheDocument();
    expect(screen.getByText('Settings saved')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();

    fireEvent.keyDown(document.documentElement, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toContainElement(screen.getByText('Settings saved'));

    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 500));
    expect(screen.getByText('Settings updated')).toBeInTheDocument();
    // Close, then the exit transition, then the queued toast enters.
    for (let i = 0; i < 5; i++) act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('Settings updated')).not.toBeInTheDocument();
    const failure = screen.getByText('Login failed').closest('[data-variant]');
    expect(failure).toHaveAttribute('data-variant', 'destructive');
    expect(failure?.getAttribute('style')).toContain('--mantine-color-red');
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
