import type { AppDeps } from '../../deps';

/** Public settings the client needs at run time (links, whether external sign-in exists). */
export function siteSettings(deps: Pick<AppDeps, 'config'>) {
  const { config } = deps;
  return {
    donationUrl: config.donationUrl ?? null,
    socialUrl: config.socialUrl ?? null,
    mapTilesUrl: config.mapTilesUrl ?? null,
    externalSignIn: config.oidc ? { name: config.oidc.providerName } : null,
  };
}
