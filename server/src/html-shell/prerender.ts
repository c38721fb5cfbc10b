import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PageData } from '../../../common/site/page-data';
import type { Language } from '../../../common/i18n/languages';

type Render = (url: string, data: PageData, language: Language) => Promise<string>;

/**
 * Prerendered pages kept for the next visitor asking the same address with the same answers:
 * how many at most, and for how long (the page's "5 minutes ago" must stay about right).
 */
const PRERENDERED_KEPT = 64;
const PRERENDERED_FOR_MS = 30_000;

/**
 * Renders a page's HTML with the prerenderer `npm run build` writes beside the client
 * (client/src/entry-server.tsx, decision 034), keeping the last pages rendered. Gives '' (the
 * app then paints the page) without a prerenderer (a test's stand-in page, a build from before
 * it existed) or when a render throws.
 */
export function createPrerenderer(clientRoot: string) {
  // Loaded on the first page that asks for it, not at start: it is a large module.
  let loading: Promise<Render | undefined> | undefined;
  // The last pages rendered, by address, oldest first.
  const rendered = new Map<string, { data: string; html: string; at: number }>();

  return async function prerender(
    url: string,
    dataJson: string,
    language: Language,
    log: FastifyBaseLogger,
  ): Promise<string> {
    // One page per address and language (decision 090).
    const key = `${language} ${url}`;
    const kept = rendered.get(key);
    if (kept?.data === dataJson && Date.now() - kept.at < PRERENDERED_FOR_MS) return kept.html;
    try {
      const render = await (loading ??= loadRender(clientRoot));
      if (!render) return '';
      const html = await render(url, JSON.parse(dataJson) as PageData, language);
      rendered.delete(key);
      rendered.set(key, { data: dataJson, html, at: Date.now() });
      if (rendered.size > PRERENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
      return html;
    } catch (err) {
      log.warn({ err }, 'prerendering the page failed');
      return '';
    }
  };
}

async function loadRender(clientRoot: string): Promise<Render | undefined> {
  const entry = path.join(clientRoot, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { render: Render };
  return module.render;
}
