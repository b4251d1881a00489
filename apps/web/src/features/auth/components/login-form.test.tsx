import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '@/lib/session';
import { ACCESS_TOKEN_KEY } from '@/lib/storage-keys';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { buildUserData } from '@/testing/user-data';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.remove());
});

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Toaster />
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/" element={<h1>Member home</h1>} />
        <Route path="/admin/security" element={<h1>Console security</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    user: userEvent.setup(),
    username: screen.getByLabelText('Username or email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Login' }),
  };
}

describe('LoginForm', () => {
  it('shows the contract messages for empty fields and sends nothing', async () => {
    const requests = stubFetch();
    const { user, username, password, submit } = renderLogin();
    await user.click(submit);
    expect(await screen.findByText('Username or email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe('login-password-error');
    expect(requests).toHaveLength(0);
  });

  it("shows the server's refusal in the red box", async () => {
    const requests = stubFetch(failed(400, 'BAD_REQUEST', 'Invalid username or password'));
    const { user, username, password, submit } = renderLogin();
    await user.type(username, '  amina ');
    await user.type(password, 'wrong-password');
    await user.click(submit);
    const box = await screen.findByTestId('login-error');
    expect(box.textContent).toBe('Invalid username or password');
    expect(box.getAttribute('role')).toBe('alert');
    expect(requests[0]?.url).toBe('/api?action=login');
    expect(requests[0]?.body).toEqual({ username: 'amina', password: 'wrong-password' });
    expect(screen.queryByText('Username or email is required')).toBeNull();
  });

  it('asks staff for the authenticator code when the server requires it, and sends it', async () => {
    const requests = stubFetch(
      failed(400, 'TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app'),
      failed(400, 'TOTP_INVALID', 'That code is not right, has expired or was already used'),
    );
    const { user, username, password, submit } = renderLogin();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.type(username, 'op');
    await user.type(password, 'operator-password');
    await user.click(submit);
    const code = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    expect(screen.getByTestId('login-error').textContent).toBe('Enter the 6-digit code from your authenticator app');
    await user.type(code, '123456');
    await user.click(submit);
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'That code is not right, has expired or was already used',
    );
    expect(requests[1]?.body).toEqual({ username: 'op', password: 'operator-password', totp: '123456' });
  });

  it('clears the last refusal on the next press, also when the fields then fail their check', async () => {
    const requests = stubFetch(failed(400, 'BAD_REQUEST', 'Invalid username or password'));
    const { user, username, password, submit } = renderLogin();
    await user.type(username, 'amina');
    await user.type(password, 'wrong-password');
    await user.click(submit);
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid username or password');
    await user.clear(password);
    await user.clear(username);
    await user.type(username, '   ');
    await user.click(submit);
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Username or email is required')).toBeTruthy();
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('sends the authenticator code trimmed, and no code when the field is left blank', async () => {
    const requests = stubFetch(
      failed(400, 'TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app'),
      failed(400, 'TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app'),
      failed(400, 'TOTP_INVALID', 'That code is not right, has expired or was already used'),
    );
    const { user, username, password, submit } = renderLogin();
    await user.type(username, 'op');
    await user.type(password, 'operator-password');
    await user.click(submit);
    const code = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    await user.type(code, '   ');
    await user.click(submit);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toEqual({ username: 'op', password: 'operator-password' });
    await user.clear(code);
    await user.type(code, ' abcd-efgh-ijkl-mnop ');
    await user.click(submit);
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]?.body).toEqual({ username: 'op', password: 'operator-password', totp: 'abcd-efgh-ijkl-mnop' });
  });

  it('signs a member in and lands on the home screen', async () => {
    stubFetch(ok({ access_token: 'token-abc', user_data: buildUserData(), lastupdate: null }));
    const { user, username, password, submit } = renderLogin();
    await user.type(username, 'amina');
    await user.type(password, 'right-password');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Member home' })).toBeTruthy();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('token-abc');
    // Stops the refresh timer the sign-in started; the logout request it sends is answered too.
    stubFetch(ok(null));
    act(() => signOut());
  });
});
