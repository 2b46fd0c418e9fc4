import { api, type MessageResponse, type TokenResponse, type VerifyResponse } from '@innerview/api-client';
import type { SignupBody } from '@innerview/contracts/auth';

/** `POST /users/signup` (services/auth/README.md); `language` picks the language of the mails. */
export type SignupRequest = SignupBody;

export type SignInRequest = { email: string; password: string; rememberMe: boolean };

export type NewPasswordRequest = {
  /** Signed-in change only: re-authentication (docs/adr/0046). */
  current_password?: string;
  new_password: string;
  confirm_new_password: string;
};

/**
 * The accounts calls of the auth service, injected into the one RTK Query api. Calls made before
 * signing in send no token (`auth: false`), so a wrong password is never re-sent by the 401 retry.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The OAuth2 password form of `login`, plus `remember_me`: the server then gives the token a
     * 10-day session instead of 24 h (the api-client's `login` does not send the flag).
     */
    signIn: build.mutation<TokenResponse, SignInRequest>({
      query: ({ email, password, rememberMe }) => ({
        url: '/login/access-token',
        method: 'POST',
        body: new URLSearchParams({
          username: email,
          password,
          grant_type: 'password',
          scope: '',
          remember_me: rememberMe ? 'true' : 'false',
        }),
      }),
      extraOptions: { auth: false },
    }),
    signUp: build.mutation<MessageResponse, SignupRequest>({
      query: (body) => ({ url: '/users/signup', method: 'POST', body }),
      extraOptions: { auth: false },
    }),
    verifyEmail: build.mutation<VerifyResponse, { token: string }>({
      query: (body) => ({ url: '/users/verify', method: 'POST', body }),
      extraOptions: { auth: false },
    }),
    resendVerification: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/users/verify/resend', method: 'POST', body }),
      extraOptions: { auth: false },
    }),
    requestPasswordReset: build.mutation<MessageResponse, { email: string }>({
      query: ({ email }) => ({ url: `/password-recovery/${encodeURIComponent(email)}`, method: 'POST' }),
      extraOptions: { auth: false },
    }),
    resetPassword: build.mutation<MessageResponse, NewPasswordRequest & { token: string }>({
      query: (body) => ({ url: '/reset-password/', method: 'POST', body }),
      extraOptions: { auth: false },
    }),
    /** Signed in; the server ends every session of the user, this one included. */
    updatePassword: build.mutation<MessageResponse, NewPasswordRequest>({
      query: (body) => ({ url: '/users/me/password', method: 'PATCH', body }),
    }),
  }),
});

export const {
  useSignInMutation,
  useSignUpMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useUpdatePasswordMutation,
} = authApi;
