import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminTimetableRowSchema } from '@tuzo/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userDataQueryKey } from '@/lib/session';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { buildUserData } from '@/testing/user-data';
import { TimetableTab } from './timetable-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.remove());
});

const ROW = AdminTimetableRowSchema.parse({
  id: 4,
  name: 'Forex live',
  dates: ['Monday', 'Thursday'],
  sort_order: 2,
  active: true,
});

/** The timetable tab as an operator sees it (the user data in the cache says so), its list already answered. */
function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const member = buildUserData();
  queryClient.setQueryData(userDataQueryKey, {
    ...member,
    userdetails: { ...member.userdetails, isadmin: true, role: 'operator' },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <TimetableTab />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** The message a Field shows under its control, found the way a screen reader does (aria-describedby). */
function fieldMessage(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('TimetableTab', () => {
  it("checks the row with the contract's messages before anything is sent", async () => {
    const requests = stubFetch(ok({ rows: [ROW] }));
    const user = renderTab();
    await screen.findByText('Forex live');
    const form = screen.getByRole('form', { name: 'Add timetable row' });
    await user.click(within(form).getByRole('button', { name: 'Add row' }));
    expect(fieldMessage(within(form).getByLabelText('Name'))).toBe('The name is required');
    expect(fieldMessage(within(form).getByLabelText(/^Days/))).toBe('At least one day');
    await user.type(within(form).getByLabelText('Name'), 'Crypto class');
    await user.type(within(form).getByLabelText(/^Days/), 'Monday, 2026-02-30');
    await user.click(within(form).getByRole('button', { name: 'Add row' }));
    expect(fieldMessage(within(form).getByLabelText(/^Days/))).toBe(
      'Each day is a real date like 2026-01-31 or a weekday name like Monday',
    );
    expect(fieldMessage(within(form).getByLabelText('Name'))).toBeNull();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('sends the row as the fields make it, then clears the form', async () => {
    const saved = AdminTimetableRowSchema.parse({
      id: 5,
      name: 'Crypto class',
      dates: ['Monday', 'Friday'],
      sort_order: 0,
      active: false,
    });
    const requests = stubFetch(ok({ rows: [ROW] }), ok(saved, { msg: 'Saved' }), ok({ rows: [ROW, saved] }));
    const user = renderTab();
    await screen.findByText('Forex live');
    const form = screen.getByRole('form', { name: 'Add timetable row' });
    await user.type(within(form).getByLabelText('Name'), 'Crypto class');
    await user.type(within(form).getByLabelText(/^Days/), ' Monday ,, Friday ');
    await user.clear(within(form).getByLabelText('Order'));
    await user.click(within(form).getByLabelText('Shown to members'));
    await user.click(within(form).getByRole('button', { name: 'Add row' }));
    expect(await screen.findByText('Timetable row saved')).toBeTruthy();
    expect(requests[1]).toMatchObject({ url: '/api?action=admintimetablesave', method: 'POST' });
    expect(requests[1]?.body).toEqual({ name: 'Crypto class', dates: ['Monday', 'Friday'], sort_order: 0, active: false });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Shown to members') as HTMLInputElement).checked).toBe(true);
    await vi.waitFor(() => expect(requests).toHaveLength(3));
  });

  it("edits a row with its values, and shows the server's refusal under the name", async () => {
    const requests = stubFetch(ok({ rows: [ROW] }), failed(404, 'NOT_FOUND', 'No timetable row 4'), ok({ rows: [] }));
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Forex live' }));
    const form = screen.getByRole('form', { name: 'Edit timetable row' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Forex live');
    expect((within(form).getByLabelText(/^Days/) as HTMLInputElement).value).toBe('Monday, Thursday');
    expect((within(form).getByLabelText('Order') as HTMLInputElement).value).toBe('2');
    await user.click(within(form).getByRole('button', { name: 'Save row' }));
    expect(requests[1]?.body).toEqual({
      id: 4,
      name: 'Forex live',
      dates: ['Monday', 'Thursday'],
      sort_order: '2',
      active: true,
    });
    await vi.waitFor(() => expect(fieldMessage(within(form).getByLabelText('Name'))).toBe('No timetable row 4'));
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const adding = screen.getByRole('form', { name: 'Add timetable row' });
    expect((within(adding).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(fieldMessage(within(adding).getByLabelText('Name'))).toBeNull();
    await vi.waitFor(() => expect(requests).toHaveLength(3));
  });
});
