import * as client from 'openid-client';
import type { Config } from '../../../config';

/** What the callback needs to finish a sign-in it started; kept in a short-lived cookie. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The claims we keep about an external identity (ID token merged with userinfo). */
export interface ExternalProfile {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
  picture?: string;
  preferredUsername?: string;
}

export interface OidcClient {
  /** The provider's authorization URL for a new sign-in, and what to remember until the callback. */
  begin(redirectUri: string): Promise<{ url: URL; pending: PendingLogin }>;
  /**
   * Checks the callback (state, issuer, PKCE, nonce, ID token) and returns who signed in.
   * `query` is the callback's query string; the redirect URI sent at the start is reused.
   */
  finish(query: string, pending: PendingLogin): Promise<ExternalProfile>;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export function createOidcClient(oidc: NonNullable<Config['oidc']>): OidcClient {
  const issuerUrl = new URL(oidc.issuerUrl);
  let configuration: Promise<client.Configuration> | undefined;

  function getConfiguration() {
    configuration ??= client
      .discovery(
        issuerUrl,
        oidc.clientId,
        oidc.clientSecret,
        oidc.clientSecret ? undefined : client.None(),
        {
          // Plain HTTP only for a provider on this machine (development and the tests).
          execute:
            issuerUrl.protocol === 'http:' && LOOPBACK.has(issuerUrl.hostname)
              ? [client.allowInsecureRequests]
              : [],
        },
      )
      .catch((err: unknown) => {
        // An unreachable provider must not stay broken after it comes back.
        configuration = undefined;
        throw err;
      });
    return configuration;
  }

  return {
    async begin(redirectUri) {
      const config = await getConfiguration();
      const pending: PendingLogin = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        redirectUri,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, pending };
    },

    async finish(query, pending) {
      const config = await getConfiguration();
      // The token request must repeat the exact redirect URI the provider saw at the start.
      const callbackUrl = new URL(pending.redirectUri);
      callbackUrl.search = query;
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      let info: Record<string, unknown> = {};
      if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
        info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      }
      const claims: Record<string, unknown> = { ...info, ...idToken };
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        name: text(claims.name),
        picture: text(claims.picture),
        preferredUsername: text(claims.preferred_username),
      };
    },
  };
}
