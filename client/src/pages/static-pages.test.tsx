import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../common/site/site';
import { siteQueryKey } from '../lib/query-keys';
import { renderWithProviders } from '../test/render';
import ContactPage from './contact';
import PrivacyPage from './privacy';
import RulesPage from './rules';
import SafetyPage from './safety';

/*
 * What the rules, safety, privacy and contact pages say and link to (formerly browser tests in
 * e2e/public-pages.spec.ts, decision 170); axe scans each in e2e/accessibility.spec.ts.
 */

const SOCIAL_URL = 'https://social.example/@cultureshare';
const site: SiteSettings = {
  donationUrl: 'https://donate.example/cultureshare',
  socialUrl: SOCIAL_URL,
  mapTilesUrl: null,
  externalSignIn: null,
};

const heading = (name: string | RegExp) => screen.getByRole('heading', { name });
const linkTo = (name: string | RegExp) => screen.getByRole('link', { name });

describe('the static pages', () => {
  it('community rules lists the four rules, the guidelines and the disclaimer', () => {
    renderWithProviders(<RulesPage />, { path: '/rules' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Community Rules');
    for (const rule of [
      'Safety & Quality',
      'Free Items Only',
      'Fermentation Starters Only',
      'Be Clear & Accurate',
    ])
      expect(heading(new RegExp(rule))).toBeVisible();
    expect(heading('Additional Guidelines')).toBeVisible();
    expect(screen.getByText(/One Person, One Account/)).toBeVisible();
    expect(screen.getByText(/suspend accounts or ban/)).toBeVisible();
    const disclaimer = screen.getByText(/Every culture is shared and used at your own risk/);
    expect(within(disclaimer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(disclaimer).getByRole('link', { name: 'Safety Guidelines' })).toHaveAttribute(
      'href',
      '/safety',
    );
    expect(linkTo('Browse Starters')).toHaveAttribute('href', '/browse');
    expect(linkTo('Contact Us')).toHaveAttribute('href', '/contact');
  });

  it('safety guidelines shows good and warning signs and when not to share', () => {
    renderWithProviders(<SafetyPage />, { path: '/safety' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Safety Guidelines');
    for (const name of [
      'Visual Inspection',
      'Smell Test',
      'Container Safety',
      'Safe Handling',
      'When NOT to Share',
    ])
      expect(heading(new RegExp(name))).toBeVisible();
    expect(screen.getAllByRole('heading', { name: 'Good Signs' })).toHaveLength(2);
    expect(screen.getAllByRole('heading', { name: 'Warning Signs' })).toHaveLength(2);
    expect(screen.getByText(/when in doubt, throw it out/)).toBeVisible();
    expect(linkTo('Community Rules')).toHaveAttribute('href', '/rules');
    expect(linkTo('Browse Starters')).toHaveAttribute('href', '/browse');
  });

  it('privacy policy explains liability, data collected and who sees what', () => {
    renderWithProviders(<PrivacyPage />, { path: '/privacy' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
    for (const name of [
      'Liability Disclaimer',
      'Information We Collect',
      'We Never Sell Your Data',
      'What Other Members Can See',
    ])
      expect(heading(new RegExp(name))).toBeVisible();
    expect(screen.getByText(/identity provider/)).toBeVisible();
    expect(screen.getByText(/do not sell, rent or share/)).toBeVisible();
  });

  it('contact us has no form, only the ways to find help', async () => {
    const { container } = renderWithProviders(<ContactPage />, { path: '/contact' }, (qc) =>
      qc.setQueryData(siteQueryKey, site),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact Us');
    expect(container.querySelectorAll('form, input, textarea')).toHaveLength(0);
    for (const href of ['/browse', '/rules', '/safety', '/join'])
      expect(container.querySelector(`a[href="${href}"]`)).toBeVisible();
    expect(linkTo('Report a Post')).toHaveAttribute('href', '/browse');
    const social = await screen.findByRole('link', { name: /Follow Us/ });
    expect(social).toHaveAttribute('href', SOCIAL_URL);
    expect(social).toHaveAttribute('target', '_blank');
    expect(social).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
