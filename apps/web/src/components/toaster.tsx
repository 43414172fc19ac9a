import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useRef } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../lib/toast';

/** The toast viewport (SPEC §9); F8 moves focus to it, as the spec's toast hotkey says. */
export function Toaster() {
  const ref = useRef<HTMLDivElement>(null);
  useHotkeys([['F8', () => ref.current?.focus()]], []);
  return (
    <Notifications
      ref={ref}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      role="region"
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
      position="bottom-right"
      allowDragDismiss
    />
  );
}
