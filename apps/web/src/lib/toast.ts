import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** One toast at a time, each shown for five seconds by default. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/** The name of a toast's close button, an icon alone (axe `button-name`). The dashboard, which toasts, is English. */
export const TOAST_CLOSE_LABEL = 'Close notification';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; `false` keeps it open. */
  duration?: number | false;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

/** Shows a toast; the destructive variant is red. Needs `<Toaster />` mounted once. */
export function toast({ title, description, variant = 'default', duration }: ToastOptions): ToastHandle {
  const destructive = variant === 'destructive';
  const id = notifications.show({
    // Mantine requires a message; a toast with only a title shows it as the message.
    title: description === undefined ? undefined : title,
    message: description === undefined ? title : description,
    color: destructive ? 'red' : undefined,
    autoClose: duration,
    withBorder: true,
    closeButtonProps: { 'aria-label': TOAST_CLOSE_LABEL },
    'data-variant': variant,
  });
  return { id, dismiss: () => notifications.hide(id) };
}

/**
 * The dashboard's toast, for its bursts of saves: the newest replaces the one showing (still one at a
 * time) instead of queueing 5 s behind it, so each toast answers the action just taken.
 */
export function replaceToast(options: ToastOptions): ToastHandle {
  notifications.clean();
  return toast(options);
}
