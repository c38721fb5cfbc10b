import { displayName } from '../../../../common/members/display';
import { DEFAULT_LANGUAGE, languageOf, type Language } from '../../../../common/i18n/languages';
import { translator } from '../../i18n/translate';

/** Member content goes into HTML only through this. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Zero-width space: invisible, but it breaks the run a mail client would turn into a link. */
const BREAK = '\u200b';

/**
 * Text a member wrote (a name, a title, a message, a reason), made safe to quote in a mail as
 * plain text: whatever looks like an address or a link ("evil.example", "https://…",
 * "a@b.c") gets an invisible break after its dots, @ and scheme, so no mail client makes it a
 * clickable link. Only the site's own buttons and links in a mail are clickable.
 */
export function memberText(text: string): string {
  return text
    .replace(/([.@])(?=[^\s.@\u200b])/g, `$1${BREAK}`)
    .replace(/:(?=\/)/g, `:${BREAK}`)
    .replace(/\/\//g, `/${BREAK}/`);
}

/**
 * How every mail opens: "Hi Ada," — the member's name as the site shows it (the display rule,
 * common/members/display.ts), else "Hi there," — in the mail's language (English for the mails not yet
 * written in the others, so none mixes two).
 */
export function greetingFor(
  member: { firstName: string | null; username: string | null },
  language: Language = DEFAULT_LANGUAGE,
): string {
  const t = translator(language);
  const name = displayName(member, '');
  return name ? t('mail:greeting', { name: memberText(name) }) : t('mail:greetingThere');
}

/** The language a member's mail is written in: theirs, else English (decision 090). */
export function mailLanguage(member: { language?: string | null }): Language {
  return languageOf(member.language) ?? DEFAULT_LANGUAGE;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailBody {
  subject: string;
  greeting: string;
  /** Plain paragraphs; escaped here. */
  paragraphs: string[];
  /** Quoted member text (messages), escaped here and never made a link (`memberText`). */
  quotes?: Array<{ from: string; text: string }>;
  action?: { label: string; url: string };
  /** Several answers side by side, each its own link (a check-in's). */
  links?: Array<{ label: string; url: string }>;
  /** Blocks after the quotes, each with its own link (a digest's conversations); escaped here. */
  sections?: Array<{
    heading: string;
    /** Absent for a section that only names something (a listing an alert found). */
    quote?: { from: string; text: string };
    link: { label: string; url: string };
  }>;
  /** A last line in small print (why the member got this mail). */
  footer: string;
  /** The stop page of this kind of mail; account mail, which cannot be turned off, has none. */
  unsubscribeUrl?: string;
  /** The receiver's language, for the mail's own words around the body; English if absent. */
  language?: Language;
}

const SITE = 'CultureShare';
const GREEN = '#2f6b3b';

/**
 * The site's look in a mail: its name, one button, no images and nothing remote to load
 * (so no tracking pixel), and a plain-text part saying the same.
 */
export function renderMail(body: MailBody): MailContent {
  const language = body.language ?? DEFAULT_LANGUAGE;
  const t = translator(language);
  const wrote = (from: string) => t('mail:wrote', { name: from });
  const tagline = t('mail:tagline');
  const stop = t('mail:stop');
  const textParts = [
    body.greeting,
    ...body.paragraphs,
    ...(body.quotes ?? []).map(
      (q) => `${wrote(memberText(q.from))}\n${memberText(q.text).replace(/^/gm, '> ')}`,
    ),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`] : []),
    ...(body.links ?? []).map((l) => `${l.label}: ${l.url}`),
    ...(body.sections ?? []).map(
      (s) =>
        `${s.heading}\n${s.quote ? `${wrote(memberText(s.quote.from))}\n${memberText(s.quote.text).replace(/^/gm, '> ')}\n` : ''}${s.link.label}: ${s.link.url}`,
    ),
    '—',
    tagline,
    body.footer,
    ...(body.unsubscribeUrl ? [`${stop}: ${body.unsubscribeUrl}`] : []),
  ];
  const p = (t: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const quote = (q: { from: string; text: string }) =>
    `<div style="margin:0 0 16px"><div style="font-size:14px;color:#555">${escapeHtml(wrote(memberText(q.from)))}</div><blockquote style="margin:4px 0 0;padding:8px 12px;border-left:3px solid ${GREEN};background:#f4f7f2;white-space:pre-wrap">${escapeHtml(memberText(q.text))}</blockquote></div>`;
  const quotes = (body.quotes ?? []).map(quote).join('');
  const sections = (body.sections ?? [])
    .map(
      (s) =>
        `<div style="margin:0 0 24px"><p style="margin:0 0 8px;font-weight:600;line-height:1.5">${escapeHtml(s.heading)}</p>${s.quote ? quote(s.quote) : ''}<a href="${escapeHtml(s.link.url)}" style="color:${GREEN}">${escapeHtml(s.link.label)}</a></div>`,
    )
    .join('');
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:${GREEN};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(body.action.label)}</a></p><p style="font-size:13px;color:#555;word-break:break-all">${escapeHtml(t('mail:openLink'))} ${escapeHtml(body.action.url)}</p>`
    : '';
  const links = body.links?.length
    ? `<p style="margin:24px 0">${body.links
        .map(
          (l) =>
            `<a href="${escapeHtml(l.url)}" style="background:${GREEN};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;margin:0 8px 8px 0">${escapeHtml(l.label)}</a>`,
        )
        .join('')}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:0;background:#faf8f3;color:#1f2a1f;font-family:system-ui,-apple-system,'Segoe UI',sans-serif">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:20px;font-weight:700;color:${GREEN};margin-bottom:24px">${SITE}</div>
${p(body.greeting)}${body.paragraphs.map(p).join('')}${quotes}${sections}${action}${links}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">
<p style="font-size:13px;color:#555;line-height:1.5">${escapeHtml(tagline)}<br>${escapeHtml(body.footer)}${body.unsubscribeUrl ? `<br><a href="${escapeHtml(body.unsubscribeUrl)}" style="color:#555">${escapeHtml(stop)}</a>` : ''}</p>
</div></body></html>`;
  return { subject: body.subject, text: textParts.join('\n\n') + '\n', html };
}
