import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';

/**
 * SPEC §8's catalogue toasts, word for word. When the server said why (CATEGORY_NOT_EMPTY,
 * APP_EXISTS, INVALID_IMAGE…) its message is the body under that title.
 */
export function catalogueFailure(title: string, error: unknown): void {
  const reason = errorMessage(error, '');
  if (reason) notify.error(reason, { title });
  else notify.error(title);
}
