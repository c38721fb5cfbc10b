import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The slice of oidc-provider's API these tests use (the package ships no types). */
interface Provider {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
  on(event: string, listener: (...args: unknown[]) => void): void;
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => Provider;

// A variable specifier keeps TypeScript from looking for the package's (missing) types.
const OIDC_PROVIDER_PACKAGE = 'oidc-provider';

export interface TestAccountClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
  preferred_username?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who "logs in" at the provider next (the tests play the person at the login form). */
  setAccount(subject: string, claims: TestAccountClaims): void;
  /**
   * Plays the browser from the app's authorization redirect to the provider's redirect back
   * to the app; returns that final URL (carrying code, state and iss).
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID provider on loopback whose login and consent screens approve at once. */
export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccountClaims>();
  let nextSubject = 'subject-1';
  const clientId = 'cultureshare-test';
  const clientSecret = crypto.randomBytes(24).toString('hex');
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' };

  // Filled in once the server knows its port (the issuer URL contains it).
  const ready: { provider?: Provider } = {};
  const server = http.createServer((req, res) => {
    const provider = ready.provider;
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      void finishInteraction(provider, req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function finishInteraction(
    p: Provider,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await p.interactionFinished(req, res, { login: { accountId: nextSubject } });
      return;
    }
    const grant = new p.Grant({
      accountId: details.session!.accountId,
      clientId: details.params.client_id as string,
    });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await p.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  const { default: ProviderClass } = (await import(OIDC_PROVIDER_PACKAGE)) as {
    default: ProviderConstructor;
  };
  const provider = new ProviderClass(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture', 'preferred_username'],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx: unknown, sub: string) {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      // Like the big providers, an address is vouched for unless a test says otherwise.
      return { accountId: sub, claims: async () => ({ sub, email_verified: true, ...claims }) };
    },
  });
  // Silence the provider's own error events; the tests assert on outcomes instead.
  provider.on('server_error', () => {});
  ready.provider = provider;

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(subject, claims) {
      accounts.set(subject, claims);
      nextSubject = subject;
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 12; hop++) {
        if (!url.href.startsWith(issuer)) return url;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          const name = pair!.slice(0, eq).trim();
          const value = pair!.slice(eq + 1).trim();
          if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
          else jar.set(name, value);
        }
        const location = res.headers.get('location');
        if (!location) {
          throw new Error(`provider stopped at ${url.pathname}: ${res.status} ${await res.text()}`);
        }
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
