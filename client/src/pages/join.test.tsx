import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/ui/toast';
import { SignInForm } from '../features/account/auth/sign-in-form';
import { SignUpForm } from '../features/account/auth/sign-up-form';
import { fakeServer } from '../test/fake-server';
import { jsonResponse } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import JoinPage from './join';
import LoginPage from './login';
import type { JoinArrival } from '../features/account/auth/arrivals';

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>;
}

function renderJoin() {
  return renderWithProviders(
    <>
      <JoinPage />
      <CurrentPath />
    </>,
    { path: '/join' },
  );
}

describe('the join page', () => {
  it('keeps "I Agree - Create Account" disabled until the terms box is ticked', async () => {
    const user = userEvent.setup();
    renderJoin();
    const agree = screen.getByRole('button', { name: 'I Agree - Create Account' });
    const box = screen.getByRole('checkbox', { name: /I have read and agree/ });
    expect(agree).toBeDisabled();
    expect(box).not.toBeChecked();

    await user.click(box);
    expect(box).toBeChecked();
    expect(agree).toBeEnabled();

    await user.click(box);
    expect(agree).toBeDisabled();
  });

  it('ticks the box from the keyboard with Space', async () => {
    const user = userEvent.setup();
    renderJoin();
    const box = screen.getByRole('checkbox', { name: /I have read and agree/ });
    box.focus();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    expect(screen.getByRole('button', { name: 'I Agree - Create Account' })).toBeEnabled();
  });

  it('lets the label tick the box too', async () => {
    const user = userEvent.setup();
    renderJoin();
    await user.click(screen.getByText(/I have read and agree/));
    expect(screen.getByRole('button', { name: 'I Agree - Create Account' })).toBeEnabled();
  });

  it('goes on to sign-up after agreeing', async () => {
    const user = userEvent.setup();
    renderJoin();
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'I Agree - Create Account' }));
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/signup');
  });

  it('goes back home on decline', async () => {
    const user = userEvent.setup();
    renderJoin();
    await user.click(screen.getByRole('button', { name: 'I Decline - Go Back' }));
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent(/^\/$/);
  });

  it('has one main heading and the terms summary', () => {
    renderJoin();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Join the Community');
    expect(screen.getByText(/never sell a starter/)).toBeInTheDocument();
  });

  it("takes its tab title from the page table, as the server's page does", () => {
    renderJoin();
    // The spec names the page by the header's button that leads to it.
    expect(document.title).toBe('Join Community · CultureShare');
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('joining from a page', () => {
  function Address() {
    const { pathname, search } = useLocation();
    return <output aria-label="address">{pathname + search}</output>;
  }

  it('keeps the way back through /join, /signup and /login, ticks the agreed terms and says where the link went', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      'GET /api/auth/user': () => jsonResponse({ message: 'Sign in required' }, 401),
      'GET /api/site': () => ({ donationUrl: null, socialUrl: null, externalSignIn: null }),
      'POST /api/auth/signup': () => jsonResponse({}, 201),
      'POST /api/auth/login': () => jsonResponse({}, 200),
    });
    const back = '/starter/5?dialog=message';
    renderWithProviders(
      <>
        <Routes>
          <Route path="/join" element={<JoinPage />} />
          <Route path="/signup" element={<SignUpForm />} />
          <Route path="/login" element={<SignInForm />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
        <Toaster />
      </>,
      { path: `/join?next=${encodeURIComponent(back)}` },
    );
    await user.click(await screen.findByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'I Agree - Create Account' }));
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `/signup?next=${encodeURIComponent(back)}`,
    );
    // Agreed a moment ago on /join: the box is ticked already.
    expect(screen.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();

    await user.type(screen.getByLabelText('First Name'), 'Kim');
    await user.type(screen.getByLabelText('Last Name'), 'Baker');
    await user.type(screen.getByLabelText('Email'), 'kim@example.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('address')).toHaveTextContent(
        `/login?next=${encodeURIComponent(back)}`,
      ),
    );
    const signup = calls.find((c) => c.method === 'POST')!;
    expect(signup.url).toBe(`/api/auth/signup?next=${encodeURIComponent(back)}`);
    expect(signup.body).toEqual({
      email: 'kim@example.test',
      password: 'long-enough-1',
      firstName: 'Kim',
      lastName: 'Baker',
    });
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'SPAN' &&
          el.textContent === "We've emailed kim@example.test a link to confirm your account",
      ),
    ).toBeInTheDocument();
    // The address never went into the URL.
    expect(screen.getByLabelText('address')).not.toHaveTextContent('kim');
    expect(screen.getByLabelText('Email')).toHaveValue('kim@example.test');

    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByLabelText('address')).toHaveTextContent(back));
  });
});

describe('/login just after sign-up', () => {
  function renderLogin(state?: JoinArrival) {
    fakeServer({
      'GET /api/auth/user': () => jsonResponse({ message: 'Sign in required' }, 401),
      'GET /api/site': () => ({ donationUrl: null, socialUrl: null, externalSignIn: null }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/from" element={<Navigate to="/login" state={state} replace />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      { path: '/from' },
    );
  }

  it('does not greet the new member with "Welcome back" beside "We\'ve emailed"', async () => {
    renderLogin({ emailed: 'kim@example.test' });
    expect(await screen.findByText(/We've emailed/)).toHaveTextContent('kim@example.test');
    expect(screen.getByText('Your account is ready: sign in to start.')).toBeVisible();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('welcomes back a member who comes to sign in any other way', async () => {
    renderLogin();
    expect(await screen.findByText('Welcome back to the CultureShare community.')).toBeVisible();
  });
});
