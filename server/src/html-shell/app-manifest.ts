import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../common/i18n/languages';
import { APP_SHORTCUTS } from '../../../common/site/app-manifest';
import { pages } from '../../../common/site/pages';
import { translator } from '../i18n/translate';

interface WebManifest {
  name: string;
  description: string;
  lang: string;
  shortcuts: { name: string; url: string }[];
  screenshots: { label: string }[];
}

/** The header's label of each shortcut, by the page it opens. */
const SHORTCUT_LABELS = new Map<string, string>(
  APP_SHORTCUTS.map(({ page, label }) => [pages[page].path, `common:header.${label}`]),
);

/**
 * The built manifest (vite.config.ts, in English) with its texts in each other language, for
 * the install sheet of a member who reads the site in it. Its `id` stays the same: one app,
 * whatever language it was installed in. Nothing when the client has not been built.
 */
export function appManifests(clientRoot: string): Map<Language, string> | undefined {
  const file = path.join(clientRoot, 'manifest.webmanifest');
  if (!fs.existsSync(file)) return undefined;
  const english = JSON.parse(fs.readFileSync(file, 'utf8')) as WebManifest;
  const manifests = new Map<Language, string>();
  for (const language of LANGUAGES) {
    if (language === DEFAULT_LANGUAGE) continue;
    const t = translator(language);
    const manifest: WebManifest = {
      ...english,
      name: t('common:app.installName'),
      description: t('common:pageDescriptions.default'),
      lang: language,
      shortcuts: english.shortcuts.map((shortcut) => {
        const label = SHORTCUT_LABELS.get(shortcut.url);
        return label ? { ...shortcut, name: t(label) } : shortcut;
      }),
      screenshots: english.screenshots.map((shot) => ({
        ...shot,
        label: t('common:app.screenshotLabel'),
      })),
    };
    manifests.set(language, JSON.stringify(manifest));
  }
  return manifests;
}
