import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../lib/toast';

/** Moves keyboard focus to the visible toast, as the toast hotkey F8 does (SPEC §9). */
function focusToast(): boolean {
  const toastEl = document.querySelector<HTMLElement>('.mantine-Notification-root');
  if (!toastEl) return false;
  if (!toastEl.hasAttribute('tabindex')) toastEl.tabIndex = -1;
  toastEl.focus();
  return true;
}

/** Where toasts appear (SPEC §9): one at a time, five seconds each, swipe to dismiss. */
export function Toaster() {
  useHotkeys([['F8', () => void focusToast()]], []);
  return (
    <Notifications
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
      position="bottom-right"
      allowDragDismiss
    />
  );
}
