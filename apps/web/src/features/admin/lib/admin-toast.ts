import { notifications } from '@mantine/notifications';
import { type ToastHandle, type ToastOptions, toast as showToast } from '../../../lib/toast';

/**
 * The app's toast, for the dashboard's bursts of saves: the newest toast replaces the one showing
 * (still one at a time, SPEC §9) instead of queueing 5 s behind it, so each toast answers the
 * action just taken.
 */
export function toast(options: ToastOptions): ToastHandle {
  notifications.clean();
  return showToast(options);
}
