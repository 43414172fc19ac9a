import { useHotkeys } from '@mantine/hooks';
import { notifications, Notifications, useNotifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSwipeable } from 'react-swipeable';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../lib/toast';

/** A toast is swiped away to the right, once the swipe passes 50 px. */
export const TOAST_SWIPE_DISMISS_PX = 50;

/** Moves keyboard focus to the visible toast, as the toast hotkey F8 does. */
function focusToast(): boolean {
  const toastEl = document.querySelector<HTMLElement>('.mantine-Notification-root');
  if (!toastEl) return false;
  if (!toastEl.hasAttribute('tabindex')) toastEl.tabIndex = -1;
  toastEl.focus();
  return true;
}

/**
 * Where toasts appear: one at a time, five seconds each. A swipe (touch or mouse) to the
 * right moves the toast along and dismisses it past 50 px; a shorter one, or one to the left, lets
 * it spring back.
 */
export function Toaster() {
  useHotkeys([['F8', () => void focusToast()]], []);
  const { notifications: shown } = useNotifications();
  const [offset, setOffset] = useState(0);
  const swipe = useSwipeable({
    delta: 5,
    trackMouse: true,
    onSwiping: ({ deltaX }) => setOffset(Math.max(0, deltaX)),
    onSwiped: ({ deltaX }) => {
      setOffset(0);
      const top = shown[0];
      if (top?.id && deltaX >= TOAST_SWIPE_DISMISS_PX) notifications.hide(top.id);
    },
  });
  return (
    <Notifications
      {...swipe}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
      position="bottom-right"
      allowDragDismiss={false}
      allowScrollDismiss={false}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
    />
  );
}
