/** Member content goes into HTML only through this. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** How every mail opens: "Hi Ada," — the first name, else the username, else "Hi there,". */
export function greetingFor(member: { firstName: string | null; username: string | null }): string {
  return `Hi ${member.firstName?.trim() || member.username || 'there'},`;
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
  /** Quoted member text (messages), escaped here. */
  quotes?: Array<{ from: string; text: string }>;
  action?: { label: string; url: string };
  /** Several answers side by side, each its own link (a check-in's). */
  links?: Array<{ label: string; url: string }>;
  /** Blocks after the quotes, each with its own link (a digest's conversations); escaped here. */
  sections?: Array<{
    heading: string;
    quote: { from: string; text: string };
    link: { label: string; url: string };
  }>;
  /** A last line in small print (why the member got this mail). */
  footer: string;
  /** The stop page of this kind of mail; account mail, which cannot be turned off, has none. */
  unsubscribeUrl?: string;
}

const SITE = 'CultureShare';
const GREEN = '#2f6b3b';

/**
 * The site's look in a mail: its name, one button, no images and nothing remote to load
 * (so no tracking pixel), and a plain-text part saying the same.
 */
export function renderMail(body: MailBody): MailContent {
  const textParts = [
    body.greeting,
    ...body.paragraphs,
    ...(body.quotes ?? []).map((q) => `${q.from} wrote:\n${q.text.replace(/^/gm, '> ')}`),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`] : []),
    ...(body.links ?? []).map((l) => `${l.label}: ${l.url}`),
    ...(body.sections ?? []).map(
      (s) =>
        `${s.heading}\n${s.quote.from} wrote:\n${s.quote.text.replace(/^/gm, '> ')}\n${s.link.label}: ${s.link.url}`,
    ),
    '—',
    `${SITE}: fermentation starters shared free between neighbours.`,
    body.footer,
    ...(body.unsubscribeUrl ? [`Stop these emails: ${body.unsubscribeUrl}`] : []),
  ];
  const p = (t: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const quote = (q: { from: string; text: string }) =>
    `<div style="margin:0 0 16px"><div style="font-size:14px;color:#555">${escapeHtml(q.from)} wrote:</div><blockquote style="margin:4px 0 0;padding:8px 12px;border-left:3px solid ${GREEN};background:#f4f7f2;white-space:pre-wrap">${escapeHtml(q.text)}</blockquote></div>`;
  const quotes = (body.quotes ?? []).map(quote).join('');
  const sections = (body.sections ?? [])
    .map(
      (s) =>
        `<div style="margin:0 0 24px"><p style="margin:0 0 8px;font-weight:600;line-height:1.5">${escapeHtml(s.heading)}</p>${quote(s.quote)}<a href="${escapeHtml(s.link.url)}" style="color:${GREEN}">${escapeHtml(s.link.label)}</a></div>`,
    )
    .join('');
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:${GREEN};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(body.action.label)}</a></p><p style="font-size:13px;color:#555;word-break:break-all">Or open this link: ${escapeHtml(body.action.url)}</p>`
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
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:0;background:#faf8f3;color:#1f2a1f;font-family:system-ui,-apple-system,'Segoe UI',sans-serif">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:20px;font-weight:700;color:${GREEN};margin-bottom:24px">${SITE}</div>
${p(body.greeting)}${body.paragraphs.map(p).join('')}${quotes}${sections}${action}${links}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">
<p style="font-size:13px;color:#555;line-height:1.5">${SITE}: fermentation starters shared free between neighbours.<br>${escapeHtml(body.footer)}${body.unsubscribeUrl ? `<br><a href="${escapeHtml(body.unsubscribeUrl)}" style="color:#555">Stop these emails</a>` : ''}</p>
</div></body></html>`;
  return { subject: body.subject, text: textParts.join('\n\n') + '\n', html };
}
