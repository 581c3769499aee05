import { notifications } from '@mantine/notifications';

import { TIMING } from '@shared/constants';

/** The product's toasts, in one place so colours and durations (TIMING) stay consistent. */
interface ToastOptions {
  title?: string;
  autoClose?: number;
}

function show(color: string, message: string, options: ToastOptions = {}): void {
  notifications.show({
    color,
    message,
    title: options.title,
    autoClose: options.autoClose ?? TIMING.toastDefaultMs,
    // Mantine's close button is an icon with no name: a screen reader would say only "button".
    closeButtonProps: { 'aria-label': 'Dismiss' },
  });
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('green', message, options),
  error: (message: string, options?: ToastOptions) => show('red', message, options),
  warning: (message: string, options?: ToastOptions) => show('yellow', message, options),
  info: (message: string, options?: ToastOptions) => show('blue', message, options),
};
