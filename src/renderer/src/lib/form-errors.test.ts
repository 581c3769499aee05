// @vitest-environment happy-dom
import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { applyServerErrors } from './form-errors';

const refused = (details?: Record<string, string>) => ({
  status: 400,
  code: ErrorCode.VALIDATION_ERROR,
  message: 'Invalid request',
  details,
});

describe('applyServerErrors', () => {
  it('puts each of the server’s field messages on the field of that name', () => {
    const { result } = renderHook(() => useForm({ initialValues: { email: '', password: '' } }));
    let landed = false;
    act(() => {
      landed = applyServerErrors(result.current, refused({ password: 'Password is too common', userAgent: 'Too long' }));
    });
    expect(landed).toBe(true);
    expect(result.current.errors).toEqual({ password: 'Password is too common' });
  });

  it('says when nothing landed, so that the caller explains the failure', () => {
    const { result } = renderHook(() => useForm({ initialValues: { email: '' } }));
    expect(applyServerErrors(result.current, refused())).toBe(false);
    expect(applyServerErrors(result.current, refused({ userAgent: 'Too long' }))).toBe(false);
    expect(applyServerErrors(result.current, new Error('Network Error'))).toBe(false);
    expect(result.current.errors).toEqual({});
  });
});
