// Rewrites citations of the two documents that used to live outside the repository (the product
// specification, cited by section number, and the architecture note) into links to the
// repository's own docs/product.md and docs/architecture.md.
//
//   ./node_modules/.bin/node scripts/docs/cite-product-docs.ts           rewrite in place
//   ./node_modules/.bin/node scripts/docs/cite-product-docs.ts --check   list what it would change, exit 1 if anything
//
// Safe to run again at any time (after a merge brings new citations): a rewritten citation holds no
// section sign and no old file name, so a second run finds nothing to do.
//
// What counts as a citation (the section sign is written \u00a7 here so that this file cites nothing):
// - "spec \u00a7N", "Spec \u00a7N:", "spec (\u00a7N, \u00a7M)", "spec \u00a7N and \u00a7M", "\u00a7N/\u00a7M", and a bare "\u00a7N"
//   (N from 1 to 9; "RFC 9110 \u00a77.6.1" and the like are left alone): the product specification;
// - "architecture \u00a7N" and the architecture note's file name, with or without a section or a quoted
//   heading: the architecture note;
// - paths to the old files (the shared folder, the specification's file name).
// Each section maps to an anchor in the table below; a quoted heading after the citation, or the
// words of the line, may narrow it to one subsection (only when exactly one subsection fits).
// Code and tests get `docs/product.md#<anchor>`; markdown gets a relative link named by the heading.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { markdownHeadings, readRepoFile, repoTextFiles } from './repo-files.ts';

export type Doc = 'product' | 'architecture';

export const docPaths: Record<Doc, string> = {
  product: 'docs/product.md',
  architecture: 'docs/architecture.md',
};

/** A subsection a citation may be narrowed to. */
interface Part {
  anchor: string;
  /** Beginnings of a quoted heading or phrase that name this part (case ignored). */
  names?: string[];
  /** Words of the quoted phrase, or else of the line, that point here. */
  words?: RegExp;
}

interface Section {
  anchor: string;
  parts: Part[];
}

/**
 * The product specification's sections (1 to 9) and where their rules now live in docs/product.md.
 * Section 1: what the product is and for whom; 2: screens and routes; 3: entities and fields;
 * 4: states and transitions; 5: validation; 6: roles and permissions; 7: calls; 8: error catalogue;
 * 9: business constants and limits.
 */
export const productSections: Record<number, Section> = {
  1: {
    anchor: 'what-innerview-is',
    parts: [
      { anchor: 'who-it-is-for', words: /guardian|parent|account sharing|aged? 16|individuals/i },
      { anchor: 'the-journey-through-the-product', words: /journey/i },
      { anchor: 'plans-at-a-glance', words: /trial|\bplans?\b|yearly|monthly|limited use|devices/i },
      { anchor: 'languages-and-appearance', words: /language|english|fallback|theme|appearance/i },
      {
        anchor: 'legal-and-data-facts',
        words: /terms|privacy|switzerland|swiss|geneva|aes|faq|legal|help hub|12\.09\.2025|third.party/i,
      },
    ],
  },
  2: {
    anchor: 'screens-and-navigation',
    parts: [
      {
        anchor: 'routes',
        names: ['none'],
        words:
          /route table|catch-all|\b404\b|unknown path|any other path|every path|\/auth\/|\/subscription\/|\/trial-expired/i,
      },
      {
        anchor: 'guards',
        names: [
          'guard',
          'public routes',
          'guarded routes',
          'active-subscription routes',
          'onboarding guard',
          'a language can be chosen',
        ],
        words: /guard|redirect|loading screen|\?lang|lang=|lang query/i,
      },
      { anchor: 'sign-in-screen', names: ['login'], words: /login page|login screen|remember me|forgot/i },
      {
        anchor: 'password-reset-screens',
        names: ['password reset', 'reset password', 'update password', '/auth/password-reset'],
        words: /password.reset|reset.password|update.password|new password/i,
      },
      { anchor: 'sign-up-screen', names: ['signup', 'sign-up'], words: /sign-?up/i },
      {
        anchor: 'e-mail-verification-screens',
        names: ['email verification', 'e-mail verification', '/auth/verification'],
        words: /verification/i,
      },
      {
        anchor: 'plans-and-pricing-screens',
        names: ['plan selection', 'trial almost up', 'confirmation modals'],
        words: /pricing|plan.change|plan selection|trial almost up|confirmation modal/i,
      },
      {
        anchor: 'chat-screen',
        names: ['chat:', 'messages with hidden content'],
        words: /hidden content|greeting|copy message|message box/i,
      },
      {
        anchor: 'chat-sidebar',
        names: ['chat sidebar', 'with session age'],
        words: /sidebar|chat history|relative time|rename|reminder banner/i,
      },
      { anchor: 'help-hub', names: ['help hub'], words: /help.hub|faq/i },
      {
        anchor: 'onboarding-screens',
        names: ['onboarding:', '/onboarding/introduction'],
        words: /introduction|invitation|stepper|summary/i,
      },
      {
        anchor: 'profile',
        names: ['profile', 'a questionnaire viewer', 'privacy and terms modals'],
        words: /profile|viewer|delete account|post-deletion|account-deleted/i,
      },
      { anchor: 'settings', names: ['settings'], words: /settings|appearance/i },
      { anchor: 'toasts', names: ['toasts'], words: /toast/i },
    ],
  },
  3: {
    anchor: 'records-and-their-fields',
    parts: [
      {
        anchor: 'person-and-settings',
        names: [
          'user',
          'the current-user record',
          'token response',
          'onboarding status',
          'settings',
          'language',
        ],
        words:
          /current.user|nested user|is_onboarding_completed|user record|access_token|onboarding_completed|nativeName|locked_until/i,
      },
      {
        anchor: 'subscription-records',
        names: ['subscription'],
        words: /subscription|display info|trial tokens|statuses/i,
      },
      {
        anchor: 'questionnaire-records',
        names: ['questionnaire', 'answer'],
        words: /questionnaire|step titles?|title wordings?|completed_at|skipped/i,
      },
      {
        anchor: 'chat-records',
        names: ['chat session', 'chat message', 'stream chunk'],
        words: /chat.session|transcript|total_tokens|chat message|stream chunk|session_title/i,
      },
      { anchor: 'file-records', names: ['file upload', 'selected file'], words: /\bfiles?\b|upload/i },
      { anchor: 'error-shape', names: ['error shape'], words: /error shape|ApiError/i },
    ],
  },
  4: {
    anchor: 'how-things-change-over-time',
    parts: [
      {
        anchor: 'session-lifetime-and-sign-out',
        names: ['a token is kept', 'kept in session storage', 'on session start', 'session and routing'],
        words:
          /token|storage|remember me|log ?out|sign(ed|s)? out|session check|session start|session starts|failed check|other tabs/i,
      },
      {
        anchor: 'where-a-person-lands-after-signing-in',
        names: ['post-login routing'],
        words: /post-?login|after login|after signing in|where the user goes|resume at step|step to resume/i,
      },
      {
        anchor: 'subscription-states',
        names: ['subscription'],
        words:
          /past.due|limited access|full access|cancelling_at_period_end|state machine|display states|statuses/i,
      },
      {
        anchor: 'changing-plans',
        words: /plan.change|switch|yearly to monthly|monthly to yearly|next billing cycle|charged when/i,
      },
      { anchor: 'cancelling-and-reactivating', words: /cancel|reactivat|refund/i },
      {
        anchor: 'when-the-trial-ends',
        names: ['trial end'],
        words: /trial|reminder e-?mail|last 7 days|suspend/i,
      },
      {
        anchor: 'deleting-an-account',
        names: ['account deletion', 'reactivation within that time'],
        words: /delet|erase|erasure|soft/i,
      },
      {
        anchor: 'login-lockout',
        names: ['login lockout'],
        words: /\block|failed attempts?|failures|attempts remaining|warning from 3/i,
      },
      {
        anchor: 'questionnaire-progress',
        names: ['questionnaire'],
        words: /questionnaire|next step|reminder banner|the banner|1 to 8|1–8|non-blank|complete when/i,
      },
      {
        anchor: 'sending-a-chat-message',
        names: ['chat sending', 'an aborted stream'],
        words:
          /sending|\bsend\b|stream|retry|upload|de-?dup|new chat|intro message|failed flag|marked failed|assistant message|aborted/i,
      },
      { anchor: 'theme', names: ['theme'], words: /theme|appearance|dark/i },
    ],
  },
  5: {
    anchor: 'input-rules',
    parts: [
      {
        anchor: 'sign-up-form',
        names: ['signup', 'sign-up'],
        words: /sign-?up|date of birth|dateOfBirth|first name|\bnames?\b|terms|consent|create an account/i,
      },
      { anchor: 'password-rules', words: /password|helper text/i },
      { anchor: 'sign-in-form', words: /\blogin\b|sign-in form|valid email address/i },
      { anchor: 'questionnaire-answers', words: /1900|answer (box|field|text)|counter|character limit/i },
      {
        anchor: 'chat-messages',
        words:
          /text trimmed|files attached|files-only|both the text and the files|log in to send|chat message/i,
      },
      { anchor: 'languages-and-themes-accepted', words: /language|regional|theme|accepted values/i },
      {
        anchor: 'hidden-message-kinds',
        names: ['markers'],
        words: /preamble|paperclip|\u{1F4CE}|attachment message|questionnaire message|markers?\b|hidden/iu,
      },
      { anchor: 'minimum-age', words: /at least 16|minimum age/i },
    ],
  },
  6: {
    anchor: 'who-may-do-what',
    parts: [
      { anchor: 'roles', words: /\brole|anonymous|signed-in users cannot|verified|validated/i },
      { anchor: 'access-by-subscription', words: /access|blocked|past.due|limited/i },
      {
        anchor: 'own-data-and-support',
        names: ['support is contacted'],
        words: /support|own data|cancel plan|immediate deletion/i,
      },
    ],
  },
  7: {
    anchor: 'http-api',
    parts: [
      {
        anchor: 'calling-conventions',
        words: /\/api\/v1|\b401\b|retried once|retry of a 401|bearer|all paths/i,
      },
      {
        anchor: 'sign-in-and-account-calls',
        words:
          /\/login|\/users|password-recovery|reset-password|\/settings|oauth2|session check|sign-up body/i,
      },
      { anchor: 'subscription-calls', words: /\/subscriptions|consume-tokens|checkout/i },
      { anchor: 'questionnaire-calls', words: /\/questionnaire|\/answers/i },
      {
        anchor: 'chat-calls',
        words: /\/chat|transcript|chat-sessions|session_title|`title`|file_ids/i,
      },
      { anchor: 'file-calls', words: /\/files|result items|files list/i },
      {
        anchor: 'reply-streams',
        words: /\[DONE\]|data: |stream format|HTTP error! status|Message is required/i,
      },
      {
        anchor: 'language-detection-and-storage',
        names: ['language storage'],
        words: /language|cookie|\blang\b/i,
      },
    ],
  },
  8: {
    anchor: 'error-messages',
    parts: [
      {
        anchor: 'http-errors',
        names: ['non-http error', 'apierror'],
        words:
          /\b(400|401|403|404|422|429|500|503)\b|ApiError|NETWORK_ERROR|SERVER_ERROR|FORBIDDEN|VALIDATION_ERROR|error mapping|status code|defaults|\brow\b|non-HTTP|Rate limit exceeded|error shape|Access denied|the server's message/i,
      },
      {
        anchor: 'sign-in-errors',
        names: ['account temporarily locked', 'login failed'],
        words: /lockout|attempts|incorrect email|\blogin\b|sign(ing)?[ -]in/i,
      },
      {
        anchor: 'password-and-account-errors',
        words:
          /reset link|reset password|update password|update profile|expired-link|invalid-or-used|\bprofile\b/i,
      },
      {
        anchor: 'questionnaire-errors',
        names: ['character limit exceeded'],
        words: /questionnaire|save your answer|viewer/i,
      },
      {
        anchor: 'chat-and-subscription-errors',
        names: ["we couldn't load your subscription"],
        words:
          /\bchat\b|sessions|upload|rename|remove|copy|subscription|payment.overdue|something went wrong/i,
      },
      {
        anchor: 'other-notices',
        words:
          /signup failed|failed to send email|verification failed|logged out|email sent|created successfully|email verified/i,
      },
    ],
  },
  9: {
    anchor: 'numbers-and-limits',
    parts: [
      {
        anchor: 'timing',
        words:
          /time-?out|30 ?000|30 s\b|toast|\b3 s\b|streaming flag|500 ms|pause|de-?dup|1000 entries|150 px|keyboard|viewport/i,
      },
      {
        anchor: 'trial-plans-and-retention',
        names: ['remember me'],
        words: /trial|30 days|reminder|last 7 days|2 months|yearly|90 days|retention|remember me|10 days/i,
      },
      {
        anchor: 'people-and-inputs',
        words:
          /\bage\b|\b120\b|password|\bnames?\b|local part|1900|8 steps|questions per step|\block|failed attempts|warning from 3/i,
      },
      {
        anchor: 'billing-terms',
        names: ['billing'],
        words: /billing|currenc|\bCHF\b|\bVAT\b|amount plus currency|recurrence|\bfees?\b|refund/i,
      },
      {
        anchor: 'languages-translations-and-themes',
        names: ['translation loader'],
        words: /language|fallback|english|translation|loader|retries|theme|detection/i,
      },
    ],
  },
};

/**
 * The architecture note's sections and where they now live in docs/architecture.md. Section 1:
 * topology; 2: run modes; 3: events; 4: conventions; 5: front ends; 6: security and privacy;
 * 7: coaching domain; 8: operations.
 */
export const architectureSections: Record<number, Section> = {
  1: {
    anchor: 'the-picture',
    parts: [
      { anchor: 'route-ownership', names: ['route ownership'], words: /route ownership|route table|prefix/i },
      { anchor: 'services', words: /own(s)? (its )?database|each service/i },
      { anchor: 'gateway', words: /gateway/i },
    ],
  },
  2: { anchor: 'run-modes', parts: [] },
  3: {
    anchor: 'events',
    parts: [
      { anchor: 'outbox', words: /outbox/i },
      { anchor: 'inbox', words: /inbox/i },
      { anchor: 'failures-retries-and-dead-letters', words: /dead.letter|retr(y|ies)|backoff/i },
      {
        anchor: 'projections-and-internal-calls',
        words: /projection|internal call|synchronous|cross services/i,
      },
    ],
  },
  4: { anchor: 'conventions', parts: [] },
  5: { anchor: 'front-ends', parts: [] },
  6: {
    anchor: 'security-and-privacy',
    parts: [
      { anchor: 'data-stores', words: /encrypt|at rest|data keys?/i },
      { anchor: 'trust-between-services', words: /signed|signature|identity|network ?polic/i },
    ],
  },
  7: { anchor: 'coaching-and-safety', parts: [] },
  8: { anchor: 'operations', parts: [] },
};

/** Headings named by a quote right after the architecture note's file name (`"Route ownership"`). */
const architectureHeadingNames: Record<string, string> = {
  'route ownership': 'route-ownership',
  topology: 'the-picture',
  'two run modes, one code path': 'run-modes',
  events: 'events',
  conventions: 'conventions',
  'front ends': 'front-ends',
  'security and privacy baseline': 'security-and-privacy',
  'coaching domain': 'coaching-and-safety',
  operations: 'operations',
};

const SECTION = '\u00a7';
/** One section number: 1 to 9, not the start of "7.6.1" or "12". */
const ONE = `${SECTION}[1-9](?![0-9]|\\.[0-9])`;
/** A list of them: "\u00a74", "\u00a74, \u00a79", "\u00a72 and \u00a74", "\u00a73/\u00a74". */
const LIST = new RegExp(`${ONE}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s*/\\s*)${ONE})*`, 'g');
const ARCHITECTURE_FILE = /ARCHITECTURE\.md/;
const OLD_PRODUCT_PATH = /(?:\.\.\/)*(?:\/work\/)?(?:shared\/)?(?:spec\/)?product-spec\.md/g;
const OLD_ARCHITECTURE_PATH = /(?:\.\.\/)*(?:\/work\/)?(?:shared\/)?ARCHITECTURE\.md/g;

/** The one part of `section` that `text` points at, if exactly one does. */
function narrowByWords(section: Section, text: string): string | undefined {
  const hits = section.parts.filter((p) => p.words?.test(text));
  return hits.length === 1 ? hits[0]!.anchor : undefined;
}

function narrowByName(section: Section, quote: string): string | undefined {
  const q = quote.trim().toLowerCase();
  const hits = section.parts.filter((p) => p.names?.some((n) => q.startsWith(n)));
  return hits.length === 1 ? hits[0]!.anchor : undefined;
}

/** Where one cited section points, narrowed by the quote after it or the words of its line. */
export function anchorFor(doc: Doc, n: number, quote: string | undefined, line: string): string {
  const section = (doc === 'product' ? productSections : architectureSections)[n];
  if (!section) throw new Error(`no section ${n} in the ${doc} table`);
  return (
    (quote !== undefined ? (narrowByName(section, quote) ?? narrowByWords(section, quote)) : undefined) ??
    narrowByWords(section, line) ??
    section.anchor
  );
}

/**
 * The words that say what a citation is about: a quote right after it (`"Login lockout"`,
 * `: 'We couldn't…'`), or the phrase after its colon (`(spec N: warning from 3 failures)`).
 */
function quoteAfter(rest: string): string | undefined {
  if (/^'s\b/.test(rest)) return undefined;
  return (
    /^\s*:?\s*["\u201c'`]([^"\u201d`\n]{1,120})/.exec(rest)?.[1] ?? /^:\s*([^)\n]{3,120})/.exec(rest)?.[1]
  );
}

/**
 * Headings of the old documents that a citation sometimes named in quotes after the number
 * (`\u00a74 "Login lockout"`): the link names its own heading now, so the quote goes.
 */
const oldHeadings = new Set([
  'account deletion',
  'active-subscription routes',
  'billing',
  'chat sending',
  'chat sidebar',
  'email verification',
  'guard rules',
  'guarded routes',
  'help hub',
  'language storage',
  'login',
  'login lockout',
  'onboarding guard',
  'other forms',
  'password reset request',
  'post-login routing',
  'profile',
  'public routes',
  'questionnaire',
  'reset password with token',
  'route table',
  'settings',
  'signup',
  'theme',
  'toasts',
  'translation loader',
  'update password',
]);

export interface RewriteContext {
  /** Repository-relative path of the file, with `/`. */
  file: string;
  /** Heading text by anchor, per document, for markdown link texts. */
  titles: Record<Doc, Map<string, string>>;
}

function isMarkdown(file: string): boolean {
  return /\.mdx?$/.test(file);
}

function relativeDocPath(doc: Doc, file: string): string {
  const rel = path.posix.relative(path.posix.dirname(file), docPaths[doc]);
  return rel === '' ? path.posix.basename(docPaths[doc]) : rel;
}

/** Inside an inline code span of a markdown line (an odd number of backticks before `index`). */
function inCodeSpan(line: string, index: number): boolean {
  return ((line.slice(0, index).match(/`/g) ?? []).length & 1) === 1;
}

/** The text a citation becomes in `file`. */
function citation(ctx: RewriteContext, doc: Doc, anchor: string, asLink: boolean): string {
  if (!asLink) return `${docPaths[doc]}#${anchor}`;
  const title = ctx.titles[doc].get(anchor) ?? anchor;
  return `[${title}](${relativeDocPath(doc, ctx.file)}#${anchor})`;
}

/** One line with its citations rewritten. */
function rewriteLine(line: string, ctx: RewriteContext, markdownProse: boolean): string {
  let out = line;
  // 1. The architecture note by file name and quoted heading: `<name> "Route ownership"`.
  out = out.replace(/ARCHITECTURE\.md\s+"([^"]+)"/g, (whole, heading: string, at: number) => {
    const anchor = architectureHeadingNames[heading.toLowerCase()];
    if (!anchor) return whole;
    return citation(ctx, 'architecture', anchor, markdownProse && !inCodeSpan(out, at));
  });
  // 2. Section lists, with the words before them deciding which document.
  out = out.replace(LIST, (list: string, at: number, whole: string) => {
    const before = whole.slice(0, at);
    if (/RFC\s*\d+\s*$/i.test(before)) return list;
    const doc: Doc = /(?:ARCHITECTURE\.md|\barchitecture)\s*$/i.test(before) ? 'architecture' : 'product';
    const quote = quoteAfter(whole.slice(at + list.length));
    const asLink = markdownProse && !inCodeSpan(whole, at);
    return list.replace(new RegExp(ONE, 'g'), (one) =>
      citation(ctx, doc, anchorFor(doc, Number(one.slice(1)), quote, whole), asLink),
    );
  });
  // A quoted old heading right after a new citation says nothing the link does not.
  out = out.replace(
    /((?:docs\/product\.md#[\w-]+)|(?:\]\([^)\s]*product\.md#[\w-]+\)))\s+"([^"\n]+)"/g,
    (whole, cite: string, heading: string) => (oldHeadings.has(heading.toLowerCase()) ? cite : whole),
  );
  // The words that introduced a citation go with it: "spec ", "architecture ", "spec architecture ".
  out = out.replace(
    /\b(?:spec\s+)?(?:ARCHITECTURE\.md|[Aa]rchitecture)\s+(?=\[[^\]]*\]\([^)]*docs\/architecture\.md#|\[[^\]]*\]\([^)]*architecture\.md#|docs\/architecture\.md#)/g,
    '',
  );
  out = out.replace(/\b[Ss]pec\s*(\(?)\s*(?=\[[^\]]*\]\([^)]*product\.md#|docs\/product\.md#)/g, '$1');
  // 3. The old files by name or path: a link target becomes the new path, prose a link.
  const oldFile = (doc: Doc) => (_found: string, at: number, whole: string) => {
    if (markdownProse && whole.slice(0, at).endsWith('](')) return relativeDocPath(doc, ctx.file);
    if (markdownProse && !inCodeSpan(whole, at)) return `[${doc}](${relativeDocPath(doc, ctx.file)})`;
    return docPaths[doc];
  };
  out = out.replace(OLD_PRODUCT_PATH, oldFile('product'));
  out = out.replace(OLD_ARCHITECTURE_PATH, oldFile('architecture'));
  return out;
}

/** A whole file's text with its citations rewritten (the same text when there is none). */
export function rewriteCitations(text: string, ctx: RewriteContext): string {
  const markdown = isMarkdown(ctx.file);
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      if (markdown) {
        const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
        if (marker) {
          if (!fence) fence = marker[0];
          else if (marker[0] === fence) fence = undefined;
          return line;
        }
      }
      if (!line.includes(SECTION) && !ARCHITECTURE_FILE.test(line) && !/product-spec\.md/.test(line))
        return line;
      // In a fenced block a link would not render: plain paths there, as in code.
      return rewriteLine(line, ctx, markdown && !fence);
    })
    .join('\n');
}

/** Heading texts by anchor of the two documents, read from the tree. */
export function loadTitles(read: (rel: string) => string = readRepoFile): Record<Doc, Map<string, string>> {
  const titlesOf = (doc: Doc) =>
    new Map(markdownHeadings(read(docPaths[doc])).map((h) => [h.anchor, h.text.replace(/`/g, '')]));
  return { product: titlesOf('product'), architecture: titlesOf('architecture') };
}

/** Every anchor of the tables, for the test that they all exist. */
export function tableAnchors(): Record<Doc, string[]> {
  const of = (sections: Record<number, Section>) =>
    Object.values(sections).flatMap((s) => [s.anchor, ...s.parts.map((p) => p.anchor)]);
  return {
    product: of(productSections),
    architecture: [...of(architectureSections), ...Object.values(architectureHeadingNames)],
  };
}

function main(): void {
  const check = process.argv.includes('--check');
  const titles = loadTitles();
  const changed: string[] = [];
  for (const file of repoTextFiles()) {
    const before = readRepoFile(file);
    const after = rewriteCitations(before, { file, titles });
    if (after === before) continue;
    changed.push(file);
    if (!check) writeFileSync(path.join(import.meta.dirname, '../..', file), after);
  }
  for (const file of changed) console.log(`${check ? 'would rewrite' : 'rewrote'} ${file}`);
  console.log(`${changed.length} file(s) ${check ? 'cite the old documents' : 'rewritten'}`);
  if (check && changed.length > 0) process.exitCode = 1;
}

if (import.meta.main) main();
