import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import type { RegisterRequest } from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import { TIMING } from '@shared/constants';

import { useLoginMutation, useRegisterMutation } from '../../api/auth';
import { errorCode, errorMessage, errorStatus } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { saveSession } from '../../lib/session';

/** Sign-up was accepted but signing in with that password was not: the address may be someone's. */
export interface SignUpNotice {
  email: string;
  message: string;
  /** Why signing in failed, when it was not simply the wrong password (a rate limit, the network). */
  problem: string | null;
}

export type SignUpOutcome =
  | { kind: 'signed-in' }
  | { kind: 'notice'; notice: SignUpNotice }
  /** The server's answer, for the form to show on its fields or at its head. */
  | { kind: 'refused'; failure: unknown };

/**
 * Sign-up answers 202 without a session whatever the address (so it cannot tell who is
 * registered); the new account then signs in with the password just chosen. When that is
 * refused, the address already had an account with another password: its owner got a mail,
 * and this visitor gets the same words as a new user, plus the ways into an existing account.
 */
export function useSignUp() {
  const navigate = useNavigate();
  const [register] = useRegisterMutation();
  const [login] = useLoginMutation();
  const [busy, setBusy] = useState(false);

  async function signUp(request: RegisterRequest, destination: string): Promise<SignUpOutcome> {
    setBusy(true);
    try {
      let accepted: { email: string; message: string };
      try {
        accepted = await register(request).unwrap();
      } catch (failure) {
        return { kind: 'refused', failure };
      }
      try {
        const session = await login({ email: request.email, password: request.password }).unwrap();
        saveSession(session);
        if (!session.user.isEmailVerified) {
          notify.info(`We sent a verification link to ${session.user.email}.`, {
            title: 'Verify your email',
            autoClose: TIMING.toastVerificationHintMs,
          });
        }
        void navigate(destination, { replace: true });
        return { kind: 'signed-in' };
      } catch (failure) {
        const wrongPassword = errorStatus(failure) === 401 && errorCode(failure) === ErrorCode.INVALID_CREDENTIALS;
        const problem = wrongPassword ? null : errorMessage(failure, 'Sign in failed. Please try again.');
        return { kind: 'notice', notice: { email: accepted.email, message: accepted.message, problem } };
      }
    } finally {
      setBusy(false);
    }
  }

  return { signUp, busy };
}
