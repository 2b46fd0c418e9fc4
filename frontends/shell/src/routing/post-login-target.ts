/**
 * Where the person goes right after signing in (docs/product.md#where-a-person-lands-after-signing-in post-login routing, e.g. back to
 * questionnaire step 4). The sign-in flow records it before the session starts; when the session
 * turns authenticated, the public-route guard of the login page would otherwise send the person
 * to its own default (chat or the questionnaire invitation) and unmount the page before it could
 * navigate. The guard takes this target instead, once.
 */
let target: string | null = null;

export function setPostLoginTarget(to: string | null): void {
  target = to;
}

export function takePostLoginTarget(): string | null {
  const to = target;
  target = null;
  return to;
}
