import type { FormErrors } from '@mantine/form';
import type { Dispatch, SetStateAction } from 'react';

import { toApiError } from './api-errors';

/** What these helpers need of a `useForm` form, whatever its values. */
interface Form {
  getValues: () => object;
  setErrors: Dispatch<SetStateAction<FormErrors>>;
  getInputNode: (path: string) => HTMLElement | null;
}

/** Focuses the first of these fields in page order: keyboard users land where the problem is. */
export function focusFirstError(form: Pick<Form, 'getInputNode'>, errors: Record<string, unknown>): void {
  const inputs = Object.keys(errors).flatMap((field) => form.getInputNode(field) ?? []);
  inputs.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  inputs[0]?.focus();
}

/**
 * Puts a refused call's field messages (a 400's `details`) on the form's fields of
 * the same name and focuses the first. True when any landed: otherwise the caller says why
 * the call failed (a toast, an alert).
 */
export function applyServerErrors(form: Form, error: unknown): boolean {
  const values = form.getValues();
  const landed = Object.fromEntries(Object.entries(toApiError(error).details ?? {}).filter(([field]) => field in values));
  if (Object.keys(landed).length === 0) return false;
  form.setErrors((current) => ({ ...current, ...landed }));
  focusFirstError(form, landed);
  return true;
}
