import { act, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../test/render';
import { replaceToast, toast, TOAST_DURATION_MS } from '../lib/toast';
import { TOAST_SWIPE_DISMISS_PX, Toaster } from './toaster';

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

  it('has a close button with a name (an icon alone otherwise: axe button-name) that closes it', () => {
    renderWithProviders(<Toaster />);
    act(() => void toast({ title: 'Settings updated', description: 'Settings saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    for (let i = 0; i < 3; i++) act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('Settings updated')).not.toBeInTheDocument();
  });

  it('replaceToast shows the newest at once in place of the one showing (the dashboard’s saves)', () => {
    renderWithProviders(<Toaster />);
    act(() => {
      replaceToast({ title: 'Settings updated', description: 'Settings saved' });
      replaceToast({
        title: 'Login failed',
        description: '401: Invalid credentials',
        variant: 'destructive',
      });
    });
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Settings updated')).not.toBeInTheDocument();
    expect(screen.getByText('Login failed')).toBeInTheDocument();
  });

  it('is dismissed by a swipe to the right past 50 px, not by a shorter one or one to the left', () => {
    renderWithProviders(<Toaster />);
    act(() => void toast({ title: 'Settings updated', description: 'Settings saved' }));
    const swipe = (dx: number) => {
      const el = screen.getByText('Settings saved');
      fireEvent.mouseDown(el, { clientX: 100, clientY: 10 });
      for (let x = 100; Math.abs(x - 100) < Math.abs(dx); x += Math.sign(dx) * 10) {
        fireEvent.mouseMove(document, { clientX: x, clientY: 10 });
      }
      fireEvent.mouseMove(document, { clientX: 100 + dx, clientY: 10 });
      fireEvent.mouseUp(document, { clientX: 100 + dx, clientY: 10 });
      act(() => jest.advanceTimersByTime(1000));
    };
    swipe(TOAST_SWIPE_DISMISS_PX - 10);
    expect(screen.getByText('Settings saved')).toBeInTheDocument();
    swipe(-120);
    expect(screen.getByText('Settings saved')).toBeInTheDocument();
    swipe(TOAST_SWIPE_DISMISS_PX + 5);
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
    expect(TOAST_SWIPE_DISMISS_PX).toBe(50);
  });
});
