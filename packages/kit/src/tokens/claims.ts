/** The access-token claims every verifier checks: auth signs with these, the gateway expects them. */
export const ACCESS_TOKEN_ISSUER = 'innerview-auth';
export const ACCESS_TOKEN_AUDIENCE = 'innerview';
/** Asymmetric algorithms only: a verifier never holds a key that could sign. */
export const ACCESS_TOKEN_ALGORITHMS = ['EdDSA', 'ES256'] as const;

/** What a verified access token says about its bearer. */
export interface VerifiedToken {
  userId: string;
  sessionId: string;
}
