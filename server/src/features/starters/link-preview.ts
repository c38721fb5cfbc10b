import type { Starter } from '../../../../common/listings/starters';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * The app's index.html with the starter's title, description and Open Graph tags, so a
 * shared link previews well: link-preview bots do not run JavaScript. The description opens
 * with `free` ("Free — shared by a neighbour", in the page's language): it is a gift.
 */
export function withLinkPreview(
  html: string,
  starter: Starter,
  origin: string,
  free: string,
): string {
  const title = escapeHtml(`${starter.title} · CultureShare`);
  const description = escapeHtml(clip(`${free}. ${starter.description.replace(/\s+/g, ' ')}`, 200));
  const tags: Array<[string, string]> = [
    ['og:type', 'article'],
    ['og:site_name', 'CultureShare'],
    ['og:title', escapeHtml(starter.title)],
    ['og:description', description],
    ['og:url', escapeHtml(`${origin}/starter/${starter.id}`)],
  ];
  if (starter.imagePath) tags.push(['og:image', escapeHtml(`${origin}${starter.imagePath}`)]);
  const meta = tags.map(([p, c]) => `<meta property="${p}" content="${c}" />`).join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_m, start: string, end: string) => `${start}${description}${end}`,
    )
    .replace(
      '</head>',
      () =>
        `    ${meta}\n    <meta name="twitter:card" content="${starter.imagePath ? 'summary_large_image' : 'summary'}" />\n  </head>`,
    );
}
