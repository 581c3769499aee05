import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';

/**
 * The catalogue toasts, in the product's words. When the server said why (CATEGORY_NOT_EMPTY,
 * APP_EXISTS, INVALID_IMAGE…) its message is the body under that title.
 */
export function catalogueFailure(title: string, error: unknown): void {
  const reason = errorMessage(error, '');
  if (reason) notify.error(reason, { title });
  else notify.error(title);
}
