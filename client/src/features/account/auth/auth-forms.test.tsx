import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { renderWithProviders } from '../../../test/render';
import { SignInForm } from './sign-in-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignUpForm } from './sign-up-form';
import type { JoinArrival } from './arrivals';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Answers the site settings and `post` for the form's own call; records what was sent. */
function serve(post: () => Response | Promise<Response>, site = { externalSignIn: null }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/site') return json({ donationUrl: null, socialUrl: null, ...site });
      if (url === '/api/auth/user') return json({ message: 'Sign in required' }, 401);
      if (method === 'POST') return post();
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderAt(path: string, form: React.ReactElement) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={form} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
      <Toaster />
    </>,
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'cs_login_error=; Max-Age=0; Path=/';
});

describe('SignUpForm', () => {
  it('shows every spec message and sends nothing while the form is invalid', async () => {
    const calls = serve(() => json({}, 201));
    renderAt('/signup', <SignUpForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'You must agree to the terms',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("says the passwords don't match under the confirmation", async () => {
    serve(() => json({}, 201));
    renderAt('/signup', <SignUpForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
  });

  async function fillValid() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First Name'), 'Kim');
    await user.type(screen.getByLabelText('Last Name'), 'Baker');
    await user.type(screen.getByLabelText('Email'), 'kim@example.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('checkbox'));
    return user;
  }

  it('sends only the four fields, says "Creating Account...", then goes to /login', async () => {
    let release!: () => void;
    const calls = serve(
      () => new Promise<Response>((resolve) => (release = () => resolve(json({}, 201)))),
    );
    renderAt('/signup', <SignUpForm />);
    const user = await fillValid();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/login'));
    expect(screen.getByText('Account created successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/auth/signup',
      method: 'POST',
      body: {
        email: 'kim@example.test',
        password: 'long-enough-1',
        firstName: 'Kim',
        lastName: 'Baker',
      },
    });
  });

  it("shows the server's message in a 'Sign up failed' toast and under the field", async () => {
    serve(() =>
      json(
        {
          message: 'An account with this email already exists',
          code: 'conflict',
          fields: { email: 'An account with this email already exists' },
        },
        409,
      ),
    );
    renderAt('/signup', <SignUpForm />);
    const user = await fillValid();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Sign up failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('path')).toHaveTextContent('/signup');
  });

  it('explains a network failure', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAt('/signup', <SignUpForm />);
    const user = await fillValid();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Sign up failed')).toBeInTheDocument();
  });
});

describe('SignInForm', () => {
  it('checks the email and password before sending', async () => {
    const calls = serve(() => json({}));
    renderAt('/login', <SignInForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says "Signing In...", welcomes the member back and goes home', async () => {
    let release!: () => void;
    const me = { id: 'u1', email: 'kim@example.test', firstName: 'Kim' };
    const calls = serve(
      () => new Promise<Response>((resolve) => (release = () => resolve(json(me)))),
    );
    renderAt('/login', <SignInForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'kim@example.test');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent(/^\/$/));
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'kim@example.test',
      password: 'whatever',
    });
  });

  it("shows 'Sign in failed' with the server's message", async () => {
    serve(() => json({ message: 'Invalid email or password', code: 'invalid_credentials' }, 401));
    renderAt('/login', <SignInForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'kim@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid email or password').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('path')).toHaveTextContent('/login');
  });

  it('offers a mailed link once password sign-in is paused, sent to the address as typed', async () => {
    let release!: () => void;
    const calls = serve(() =>
      calls.some((c) => c.url === '/api/auth/sign-in-link')
        ? new Promise<Response>(
            (resolve) => (release = () => resolve(json({ message: 'Check your inbox' }))),
          )
        : json({ message: 'Too many sign-in attempts' }, 429),
    );
    renderAt('/login', <SignInForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'kim@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(/Password sign-in is paused/)).toBeInTheDocument();
    // The address corrected after the refusal is the one the link goes to.
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'kim@example.org');
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/sign-in-link')?.body).toEqual({
      email: 'kim@example.org',
    });
  });

  it('leads a visitor without an account on to /signup', async () => {
    serve(() => json({}));
    renderAt('/login', <SignInForm />);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign up' }));
    expect(screen.getByLabelText('path')).toHaveTextContent('/signup');
  });

  it('offers the external provider only when the site has one', async () => {
    serve(() => json({}), { externalSignIn: { name: 'Fermenters ID' } } as never);
    renderAt('/login', <SignInForm />);
    const link = await screen.findByRole('link', { name: 'Sign in with Fermenters ID' });
    expect(link).toHaveAttribute('href', '/api/login');
  });

  it('explains, once, why an external sign-in came back unfinished', async () => {
    document.cookie = `cs_login_error=${encodeURIComponent('Your account has been banned: Spam')}; Path=/`;
    serve(() => json({}));
    renderAt('/login', <SignInForm />);
    expect(await screen.findByText('Your account has been banned: Spam')).toBeInTheDocument();
    expect(document.cookie).not.toContain('cs_login_error');
  });
});

describe('ResetPasswordForm', () => {
  it('asks for the new password twice and sends it with the token', async () => {
    const calls = serve(() => json({ message: 'Password updated' }));
    renderAt('/reset-password', <ResetPasswordForm token="t0ken" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'fresh-kombucha-7');
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh-kombucha-7');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/login'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      token: 't0ken',
      password: 'fresh-kombucha-7',
    });
  });
});

describe('SignUpForm terms box', () => {
  it('leaves the terms box empty on /signup reached any other way', async () => {
    serve(() => json({}, 201));
    renderAt('/signup', <SignUpForm />);
    expect(await screen.findByRole('checkbox', { name: /I agree to the/ })).not.toBeChecked();
  });
});

/** `element` at `path`, reached as the previous step of joining leaves it (history state). */
function renderArrived(path: string, state: JoinArrival, element: React.ReactElement) {
  return renderWithProviders(
    <Routes>
      <Route path="/from" element={<Navigate to={path} state={state} replace />} />
      <Route path={path} element={element} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/from' },
  );
}

describe('arriving from /join', () => {
  it('ticks the terms box when /join was agreed, and says where', async () => {
    serve(() => json({}, 201));
    const user = userEvent.setup();
    renderArrived('/signup', { agreedTerms: true }, <SignUpForm />);
    const box = await screen.findByRole('checkbox', { name: /I agree to the/ });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription('You agreed to these on Join the Community.');
    await user.click(screen.getByRole('link', { name: 'Join the Community' }));
    expect(screen.getByLabelText('path')).toHaveTextContent('/join');
  });
});
