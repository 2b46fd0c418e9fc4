import type { LanguageCode } from '@innerview/contracts';
import { escapeHtml } from '@innerview/kit/html';
import { formatMoney } from '../../../domain/prices.ts';
import type { CardProblem } from '../../../domain/test-cards.ts';

interface Strings {
  title: string;
  testMode: string;
  testCards: string;
  monthly: (price: string) => string;
  yearly: (price: string) => string;
  updateCard: string;
  vat: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  pay: string;
  save: string;
  cancel: string;
  closed: string;
  problems: Record<CardProblem | 'stale_form', string>;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    title: 'Innerview checkout',
    testMode: 'Test mode: no real payment is made.',
    testCards:
      'Use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined), any future date, any CVC.',
    monthly: (p) => `Monthly plan: ${p} per month`,
    yearly: (p) => `Yearly plan: ${p} per year (2 months free)`,
    updateCard: 'Update your payment method',
    vat: 'VAT included. Billing starts today.',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    pay: 'Pay now',
    save: 'Save card',
    cancel: 'Cancel and go back',
    closed: 'This checkout is no longer open. Please start again from the pricing page.',
    problems: {
      invalid_number: 'Your card number is invalid.',
      not_a_test_card: 'Only the test cards shown above are accepted here.',
      invalid_expiry: 'Enter the expiry date as MM/YY.',
      expired_card: 'Your card has expired.',
      invalid_cvc: 'Your security code is invalid.',
      declined: 'Your card was declined. Please use another card.',
      stale_form: 'This form has expired. Please try again.',
    },
  },
  fr: {
    title: 'Paiement Innerview',
    testMode: 'Mode test\u00a0: aucun paiement réel n’est effectué.',
    testCards:
      'Utilisez 4242 4242 4242 4242 (accepté) ou 4000 0000 0000 0002 (refusé), une date future et un CVC quelconque.',
    monthly: (p) => `Abonnement mensuel\u00a0: ${p} par mois`,
    yearly: (p) => `Abonnement annuel\u00a0: ${p} par an (2 mois offerts)`,
    updateCard: 'Mettre à jour votre moyen de paiement',
    vat: 'TVA incluse. La facturation commence aujourd’hui.',
    cardNumber: 'Numéro de carte',
    expiry: 'Date d’expiration (MM/AA)',
    cvc: 'Code de sécurité (CVC)',
    pay: 'Payer maintenant',
    save: 'Enregistrer la carte',
    cancel: 'Annuler et revenir',
    closed: 'Ce paiement n’est plus ouvert. Veuillez recommencer depuis la page des tarifs.',
    problems: {
      invalid_number: 'Le numéro de carte est invalide.',
      not_a_test_card: 'Seules les cartes de test indiquées ci-dessus sont acceptées ici.',
      invalid_expiry: 'Saisissez la date d’expiration au format MM/AA.',
      expired_card: 'Votre carte a expiré.',
      invalid_cvc: 'Le code de sécurité est invalide.',
      declined: 'Votre carte a été refusée. Veuillez utiliser une autre carte.',
      stale_form: 'Ce formulaire a expiré. Veuillez réessayer.',
    },
  },
  de: {
    title: 'Innerview-Bezahlung',
    testMode: 'Testmodus: Es wird nichts wirklich bezahlt.',
    testCards:
      'Verwende 4242 4242 4242 4242 (erfolgreich) oder 4000 0000 0000 0002 (abgelehnt), ein künftiges Datum und eine beliebige Prüfnummer.',
    monthly: (p) => `Monatsabo: ${p} pro Monat`,
    yearly: (p) => `Jahresabo: ${p} pro Jahr (2 Monate gratis)`,
    updateCard: 'Zahlungsmittel aktualisieren',
    vat: 'MWST inbegriffen. Die Abrechnung beginnt heute.',
    cardNumber: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    pay: 'Jetzt bezahlen',
    save: 'Karte speichern',
    cancel: 'Abbrechen und zurück',
    closed: 'Diese Bezahlung ist nicht mehr offen. Bitte beginne auf der Preisseite neu.',
    problems: {
      invalid_number: 'Die Kartennummer ist ungültig.',
      not_a_test_card: 'Hier werden nur die oben genannten Testkarten angenommen.',
      invalid_expiry: 'Gib das Ablaufdatum als MM/JJ ein.',
      expired_card: 'Deine Karte ist abgelaufen.',
      invalid_cvc: 'Die Prüfnummer ist ungültig.',
      declined: 'Deine Karte wurde abgelehnt. Bitte verwende eine andere Karte.',
      stale_form: 'Dieses Formular ist abgelaufen. Bitte versuche es noch einmal.',
    },
  },
  it: {
    title: 'Pagamento Innerview',
    testMode: 'Modalità di prova: nessun pagamento reale.',
    testCards:
      'Usa 4242 4242 4242 4242 (riuscito) o 4000 0000 0000 0002 (rifiutato), una data futura e un CVC qualsiasi.',
    monthly: (p) => `Piano mensile: ${p} al mese`,
    yearly: (p) => `Piano annuale: ${p} all’anno (2 mesi gratis)`,
    updateCard: 'Aggiorna il metodo di pagamento',
    vat: 'IVA inclusa. La fatturazione inizia oggi.',
    cardNumber: 'Numero della carta',
    expiry: 'Scadenza (MM/AA)',
    cvc: 'Codice di sicurezza (CVC)',
    pay: 'Paga ora',
    save: 'Salva la carta',
    cancel: 'Annulla e torna indietro',
    closed: 'Questo pagamento non è più aperto. Ricomincia dalla pagina dei prezzi.',
    problems: {
      invalid_number: 'Il numero della carta non è valido.',
      not_a_test_card: 'Qui sono accettate solo le carte di prova indicate sopra.',
      invalid_expiry: 'Inserisci la scadenza nel formato MM/AA.',
      expired_card: 'La tua carta è scaduta.',
      invalid_cvc: 'Il codice di sicurezza non è valido.',
      declined: 'La tua carta è stata rifiutata. Usa un’altra carta.',
      stale_form: 'Questo modulo è scaduto. Riprova.',
    },
  },
  es: {
    title: 'Pago de Innerview',
    testMode: 'Modo de prueba: no se realiza ningún pago real.',
    testCards:
      'Usa 4242 4242 4242 4242 (aceptada) o 4000 0000 0000 0002 (rechazada), una fecha futura y cualquier CVC.',
    monthly: (p) => `Plan mensual: ${p} al mes`,
    yearly: (p) => `Plan anual: ${p} al año (2 meses gratis)`,
    updateCard: 'Actualiza tu método de pago',
    vat: 'IVA incluido. La facturación empieza hoy.',
    cardNumber: 'Número de tarjeta',
    expiry: 'Fecha de caducidad (MM/AA)',
    cvc: 'Código de seguridad (CVC)',
    pay: 'Pagar ahora',
    save: 'Guardar tarjeta',
    cancel: 'Cancelar y volver',
    closed: 'Este pago ya no está abierto. Vuelve a empezar desde la página de precios.',
    problems: {
      invalid_number: 'El número de tarjeta no es válido.',
      not_a_test_card: 'Aquí solo se aceptan las tarjetas de prueba indicadas arriba.',
      invalid_expiry: 'Introduce la fecha de caducidad como MM/AA.',
      expired_card: 'Tu tarjeta ha caducado.',
      invalid_cvc: 'El código de seguridad no es válido.',
      declined: 'Tu tarjeta ha sido rechazada. Usa otra tarjeta.',
      stale_form: 'Este formulario ha caducado. Inténtalo de nuevo.',
    },
  },
};

export interface CheckoutPageInput {
  language: LanguageCode;
  /** Per-response nonce of the inline style (CSP). */
  nonce: string;
  checkout: {
    purpose: 'subscribe' | 'payment_method';
    plan: string;
    currency: string;
    amountMinor: number;
  } | null;
  formToken: string | null;
  cancelUrl: string;
  problem?: CardProblem | 'stale_form';
  /** Field values to keep after a refusal (the card number is never echoed back). */
  expiry?: string;
}

/** The local checkout page: a small card form, no script, every value escaped. */
export function renderCheckoutPage(input: CheckoutPageInput): string {
  const s = strings[input.language];
  const e = escapeHtml;
  const { checkout } = input;
  const heading = !checkout
    ? s.title
    : checkout.purpose === 'payment_method'
      ? s.updateCard
      : (checkout.plan === 'yearly' ? s.yearly : s.monthly)(
          formatMoney(checkout.amountMinor, checkout.currency),
        );
  const form =
    checkout && input.formToken
      ? `<p class="note">${e(s.testMode)} ${e(s.testCards)}</p>
${checkout.purpose === 'subscribe' ? `<p>${e(s.vat)}</p>` : ''}
${input.problem ? `<p class="error" role="alert" id="problem">${e(s.problems[input.problem])}</p>` : ''}
<form method="post" autocomplete="off">
<input type="hidden" name="form_token" value="${e(input.formToken)}">
<label for="card_number">${e(s.cardNumber)}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="23"${input.problem ? ' aria-describedby="problem"' : ''}>
<label for="expiry">${e(s.expiry)}</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="7" value="${e(input.expiry ?? '')}">
<label for="cvc">${e(s.cvc)}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">
<button type="submit">${e(checkout.purpose === 'subscribe' ? s.pay : s.save)}</button>
</form>`
      : `<p class="error" role="alert">${e(s.closed)}</p>`;
  return `<!DOCTYPE html>
<html lang="${e(input.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${e(s.title)}</title>
<style nonce="${e(input.nonce)}">
body{margin:0;font-family:system-ui,sans-serif;background:#f4f1ec;color:#1f2933}
main{max-width:420px;margin:40px auto;padding:28px;background:#fff;border-radius:8px}
h1{font-size:20px;color:#1d5c63}label{display:block;margin:16px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #52606d;border-radius:6px}
button{margin-top:24px;width:100%;padding:12px;font-size:16px;font-weight:700;color:#fff;background:#1d5c63;border:0;border-radius:6px}
.note{font-size:14px;color:#52606d}.error{color:#a61b1b;font-weight:600}a{color:#1d5c63}
</style>
</head>
<body>
<main>
<h1>${e(heading)}</h1>
${form}
<p><a href="${e(input.cancelUrl)}">${e(s.cancel)}</a></p>
</main>
</body>
</html>
`;
}
