import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type LanguageCode, toLanguageCode } from '@innerview/contracts';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import type { Request, Response } from 'express';
import { type CheckoutPageInput, renderCheckoutPage } from '../adapters/providers/local/checkout-page.ts';
import type { LocalPaymentProvider } from '../adapters/providers/local/local-provider.ts';
import type { BillingContext } from '../billing-context.ts';
import { appLink, publicApiUrl } from '../config.ts';
import { CheckoutIdParams, LangQuery, LocalCheckoutForm } from './schemas.ts';

function pageLanguage(req: Request, lang: string | undefined): LanguageCode {
  if (lang) return toLanguageCode(lang) ?? 'en';
  for (const tag of (req.header('accept-language') ?? '').split(',').slice(0, 10)) {
    const code = toLanguageCode(tag.split(';')[0]!.trim());
    if (code) return code;
  }
  return 'en';
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * The page's headers: no script at all, the one inline style by nonce, the form may post only back
 * here (and follow the redirect to the shell), never framed, never cached, no referrer to other sites.
 */
function sendPage(res: Response, status: number, appOrigin: string, page: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  res
    .status(status)
    .set({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' ${appOrigin}; frame-ancestors 'none'; base-uri 'none'`,
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      // same-origin, not no-referrer: with no-referrer Chromium posts the form with `Origin: null`,
      // which the Origin check below refuses; the checkout URL still never leaves this origin.
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    })
    .send(page(nonce));
}

/**
 * The local provider's checkout page (embedded mode), reached without a token: the random checkout
 * id in the URL is the capability. Its POST must carry the page's form token and, when the browser
 * sends one, an Origin of the public API (no cross-site form can pay).
 */
export function localCheckoutRoutes(billing: BillingContext, local: LocalPaymentProvider): RouteDefinition[] {
  const path = '/api/v1/subscriptions/local-checkout/:checkoutId';
  const appOrigin = new URL(billing.config.APP_URL).origin;
  const apiOrigin = new URL(publicApiUrl(billing.config)).origin;
  const cancelUrl = appLink(billing.config, '/pricing');
  const view = (checkout: Awaited<ReturnType<LocalPaymentProvider['findCheckout']>>) =>
    checkout
      ? {
          purpose: checkout.purpose,
          plan: checkout.plan,
          currency: checkout.currency,
          amountMinor: checkout.amountMinor,
        }
      : null;
  const isOpen = (checkout: Awaited<ReturnType<LocalPaymentProvider['findCheckout']>>) =>
    !!checkout && checkout.status === 'open' && checkout.expiresAt > billing.service.clock.now();

  return [
    defineRoute({
      method: 'get',
      path,
      summary: 'Local payment provider: the checkout page (test cards only)',
      tags: ['local-provider'],
      auth: 'none',
      params: CheckoutIdParams,
      query: LangQuery,
      responses: {
        200: { description: 'HTML card form', contentType: 'text/html' },
        404: { description: 'Unknown checkout' },
      },
      handler: async ({ params, query, req, res }) => {
        const checkout = await local.findCheckout(params.checkoutId);
        const open = isOpen(checkout);
        const input: Omit<CheckoutPageInput, 'nonce'> = {
          language: pageLanguage(req, query.lang),
          checkout: open ? view(checkout) : null,
          formToken: open ? await local.issueFormToken(params.checkoutId) : null,
          cancelUrl,
        };
        sendPage(res, checkout ? (open ? 200 : 410) : 404, appOrigin, (nonce) =>
          renderCheckoutPage({ ...input, nonce }),
        );
        return undefined;
      },
    }),
    defineRoute({
      method: 'post',
      path,
      summary: 'Local payment provider: pay (or save a card) with a test card, then back to the shell',
      tags: ['local-provider'],
      auth: 'none',
      bodyType: 'form',
      body: LocalCheckoutForm,
      params: CheckoutIdParams,
      query: LangQuery,
      responses: {
        303: { description: 'Paid: to <APP_URL>/subscription/success?plan=…' },
        402: { description: 'Card refused: the page again with the reason' },
      },
      handler: async ({ params, body, query, req, res }) => {
        const origin = req.header('origin');
        if (origin && origin !== apiOrigin && origin !== appOrigin)
          throw new HttpError(403, 'Cross-site form refused.', 'FORBIDDEN');
        const language = pageLanguage(req, query.lang);
        const checkout = await local.findCheckout(params.checkoutId);
        const render = (status: number, extra: Partial<CheckoutPageInput>, token: string | null) =>
          sendPage(res, status, appOrigin, (nonce) =>
            renderCheckoutPage({
              language,
              nonce,
              checkout: view(checkout),
              formToken: token,
              cancelUrl,
              ...extra,
            }),
          );
        if (!checkout) {
          render(404, { checkout: null }, null);
          return undefined;
        }
        if (!checkout.formToken || !sameToken(body.form_token, checkout.formToken)) {
          render(
            403,
            { problem: 'stale_form' },
            isOpen(checkout) ? await local.issueFormToken(checkout.id) : null,
          );
          return undefined;
        }
        const result = await local.pay(checkout.id, {
          number: body.card_number,
          expiry: body.expiry,
          cvc: body.cvc,
        });
        if (result.ok) {
          const target =
            checkout.purpose === 'subscribe'
              ? appLink(billing.config, '/subscription/success', { plan: checkout.plan })
              : appLink(billing.config, '/subscription/success', { payment_method: 'updated' });
          res.redirect(303, target);
          return undefined;
        }
        if (result.reason !== 'card') {
          render(410, { checkout: null }, null);
          return undefined;
        }
        render(
          result.card.problem === 'declined' ? 402 : 422,
          { problem: result.card.problem, expiry: body.expiry },
          checkout.formToken,
        );
        return undefined;
      },
    }),
  ];
}
