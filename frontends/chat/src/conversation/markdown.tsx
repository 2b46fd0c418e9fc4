import { memo } from 'react';
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Short numbers set in bold in a reply are phone numbers of help lines (143, 147, 144, 112 …):
// they become tel: links, so a phone calls them with one tap.
const PHONE_NUMBER = /^\+?\d[\d ]{1,14}\d$/;

function textOf(children: unknown): string | null {
  if (typeof children === 'string') return children;
  if (Array.isArray(children) && children.every((c) => typeof c === 'string')) return children.join('');
  return null;
}

const components: Components = {
  // Links leave the app in a new tab, without giving it a handle on this page or the referrer.
  a: ({ node: _node, href, children, ...props }) => (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  strong: ({ node: _node, children, ...props }) => {
    const text = textOf(children);
    if (text !== null && PHONE_NUMBER.test(text.trim()) && text.replace(/\D/g, '').length <= 6)
      return (
        <a href={`tel:${text.replace(/\s/g, '')}`} className="iv-chat-md__phone">
          <strong {...props}>{children}</strong>
        </a>
      );
    return <strong {...props}>{children}</strong>;
  },
  // Images would load from anywhere the text names: shown as their description instead.
  img: ({ alt }) => <span>{alt}</span>,
};

/** Only web, mail and phone links; anything else (javascript:, data: …) loses its target. */
export function safeUrl(url: string): string {
  const safe = defaultUrlTransform(url);
  return /^(https?:|mailto:|tel:|#|\/)/i.test(safe) || !/^[a-z][a-z\d+.-]*:/i.test(safe) ? safe : '';
}

/**
 * A coach reply as Markdown (GitHub flavour: lists, links, tables, autolinked addresses). Safe by
 * construction: raw HTML in the text is dropped, never rendered; link targets pass `safeUrl`.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className="iv-chat-md">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components} urlTransform={safeUrl}>
        {text}
      </Markdown>
    </div>
  );
});
