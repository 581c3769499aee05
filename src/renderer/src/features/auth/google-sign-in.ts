import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { ErrorCode } from '@shared/api/error-codes';
import { TIMING } from '@shared/constants';

import { useGoogleLoginMutation } from '../../api/auth';
import { configApi } from '../../api/config';
import { errorCode, errorMessage, errorStatus } from '../../lib/api-errors';
import { safeRedirectTarget } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { markPendingVerification } from '../../lib/pending-verification';
import { detectPlatform } from '../../lib/platform';
import { saveSession } from '../../lib/session';

/** The Google sign-in flow (a verification still needed goes to sign-in; else the session starts), in one place. */

const GIS_SRC = 'https://accounts.google.com/gsi/client';
const NONCE_KEY = 'googleSignInNonce';
/** Where the attempt under way lands; kept across the provider's redirect, like the nonce. */
const REDIRECT_KEY = 'googleSignInRedirect';
const DEFAULT_DESTINATION = '/app-list?showDeviceRegistration=1';
const UNAVAILABLE = 'Google Sign-In is currently unavailable';

interface PromptNotification {
  isNotDisplayed?: () => boolean;
}
interface GoogleIdentity {
  initialize(config: {
    client_id: string;
    nonce: string;
    callback: (response: { credential?: string }) => void;
    use_fedcm_for_prompt?: boolean;
  }): void;
  prompt(listener?: (notification: PromptNotification) => void): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

let scriptLoad: Promise<GoogleIdentity> | null = null;

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  scriptLoad ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => {
      const identity = window.google?.accounts?.id;
      if (identity) resolve(identity);
      else reject(new Error('Google Identity Services did not initialise'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    scriptLoad = null; // let a later click try again
    throw error;
  });
  return scriptLoad;
}

/** A fresh nonce per attempt; the server checks the token's nonce claim against it, so a stolen ID token cannot be replayed. */
function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const nonce = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(NONCE_KEY, nonce);
  return nonce;
}

/** The nonce of the attempt under way, without using it up. */
export function peekStoredNonce(): string | null {
  return sessionStorage.getItem(NONCE_KEY);
}

/** The nonce of the attempt under way, used once. */
export function takeStoredNonce(): string | null {
  const nonce = sessionStorage.getItem(NONCE_KEY);
  sessionStorage.removeItem(NONCE_KEY);
  return nonce;
}

function rememberRedirect(redirect: string | null): void {
  const safe = safeRedirectTarget(redirect, '');
  if (safe) sessionStorage.setItem(REDIRECT_KEY, safe);
  else sessionStorage.removeItem(REDIRECT_KEY);
}

/** The ?redirect= of the page the attempt began on, used once. */
function takeRedirect(): string | null {
  const redirect = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return redirect;
}

/** When the one-tap prompt cannot show (blocked, cooled down), Google's redirect flow still works. */
function redirectToGoogle(clientId: string, nonce: string): void {
  const url = new URL('https://accounts.google.com/o/oauth2/v2/auth');
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'id_token',
    scope: 'openid email profile',
    redirect_uri: `${window.location.origin}/auth/google/callback`,
    nonce,
    state: nonce,
    prompt: 'select_account',
  }).toString();
  window.location.assign(url.toString());
}

/**
 * `redirect` is the ?redirect= of the page that starts the attempt: after signing in the user
 * goes there when it is a safe path of this site (checked again on the way out, since it sat
 * in sessionStorage), else to the lists.
 */
export function useGoogleSignIn(redirect: string | null = null) {
  const navigate = useNavigate();
  const [fetchConfig] = configApi.useLazyGetPublicConfigQuery();
  // Known before a click, so a button that cannot work can look it and say why.
  const config = configApi.useGetPublicConfigQuery();
  const unavailable = config.isSuccess && !config.data.googleClientId;
  const [googleLogin] = useGoogleLoginMutation();
  const [busy, setBusy] = useState(false);

  /** Sends the provider's id_token to the server and follows its answer. True on success. */
  async function completeWithIdToken(idToken: string, nonce: string | null): Promise<boolean> {
    setBusy(true);
    const destination = takeRedirect();
    // The sign-in page keeps the way back for when the address is verified.
    const pendingPath = `/sign-in?${new URLSearchParams({ pendingVerification: '1', ...(destination ? { redirect: destination } : {}) }).toString()}`;
    try {
      const result = await googleLogin({ id_token: idToken, nonce: nonce ?? undefined, platform: detectPlatform() }).unwrap();
      if (result.requiresVerification) {
        markPendingVerification(result.email);
        void navigate(pendingPath, { replace: true });
        return true;
      }
      saveSession(result);
      void navigate(safeRedirectTarget(destination, DEFAULT_DESTINATION), { replace: true });
      return true;
    } catch (failure) {
      if (errorStatus(failure) === 403 && errorCode(failure) === ErrorCode.EMAIL_NOT_VERIFIED) {
        markPendingVerification(null);
        void navigate(pendingPath, { replace: true });
        return true;
      }
      notify.error(errorMessage(failure, 'Google login failed. Please try again.'), {
        autoClose: TIMING.toastThirdPartySignInMs,
      });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function start(): Promise<void> {
    setBusy(true);
    try {
      const config = await fetchConfig(undefined, true).unwrap();
      if (!config.googleClientId) throw new Error(UNAVAILABLE);
      const clientId = config.googleClientId;
      const identity = await loadGoogleIdentity();
      const nonce = createNonce();
      rememberRedirect(redirect);
      identity.initialize({
        client_id: clientId,
        nonce,
        use_fedcm_for_prompt: true,
        callback: (response) => {
          if (response.credential) void completeWithIdToken(response.credential, takeStoredNonce());
        },
      });
      identity.prompt((notification) => {
        if (notification.isNotDisplayed?.()) redirectToGoogle(clientId, nonce);
      });
    } catch {
      notify.error(UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }

  return { start, completeWithIdToken, busy, unavailable };
}
