import { describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { callAction } from './harness.ts';
import { createMember, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

/** The notifications page (`notifications`, `readnotifications`) and the bell's unread count in `userdata`. */
const clock = new SettableClock(new Date());

const { t, c } = useCountriesApp({}, { clock });

/** `count` notifications, oldest first, one minute apart, severities cycling. */
async function seed(member: TestMember, count: number): Promise<void> {
  const severities = ['info', 'success', 'warning', 'error'];
  for (let i = 0; i < count; i += 1) {
    await t.sql(
      `INSERT INTO member_notifications (member_id, msg, severity, created_at) VALUES ($1, $2, $3, now() - make_interval(mins => $4))`,
      [member.id.toString(), `Note ${i + 1}`, severities[i % 4], count - i],
    );
  }
}

describe('notifications', () => {
  it('lists newest first, 20 a page by default, with icons from the severity and the unread count', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await seed(m, 25);
    const first = await callAction(t.app, 'notifications', { token: m.token });
    expect(first).toMatchObject({ status: 200, data: { page: 1, pages: 2, unread: 25 } });
    expect(first.data.items).toHaveLength(20);
    expect(first.data.items[0]).toMatchObject({ msg: 'Note 25', read: false });
    expect(first.data.items[19].msg).toBe('Note 6');
    const icons = Object.fromEntries(first.data.items.map((n: { severity: string; icon: string }) => [n.severity, n.icon]));
    expect(icons).toEqual({ info: 'info', success: 'check', warning: 'warning', error: 'error' });
    expect(new Date(first.data.items[0].time).toISOString()).toBe(first.data.items[0].time);
    const second = await callAction(t.app, 'notifications', { token: m.token, query: { page: '2' } });
    expect(second.data.items.map((n: { msg: string }) => n.msg)).toEqual(['Note 5', 'Note 4', 'Note 3', 'Note 2', 'Note 1']);
    const small = await callAction(t.app, 'notifications', { token: m.token, query: { page: '3', limit: '10' } });
    expect(small.data).toMatchObject({ page: 3, pages: 3 });
    expect(small.data.items).toHaveLength(5);
    const beyond = await callAction(t.app, 'notifications', { token: m.token, query: { page: '9' } });
    expect(beyond.data).toMatchObject({ items: [], page: 9, pages: 2 });
  });

  it('shows only the member’s own notifications; an empty list is one page', async () => {
    const a = await createMember(t, { countryId: c.kes, status: 'active' });
    const b = await createMember(t, { countryId: c.kes });
    await seed(a, 2);
    expect((await callAction(t.app, 'notifications', { token: b.token })).data).toEqual({
      items: [],
      page: 1,
      pages: 1,
      unread: 0,
    });
  });

  it('refuses bad paging with 400 and a clear message', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    for (const [query, msg] of [
      [{ limit: '101' }, 'limit is at most 100'],
      [{ limit: '0' }, 'limit must be at least 1'],
      [{ page: '0' }, 'page must be at least 1'],
      [{ page: 'two' }, 'page must be a whole number'],
      [{ limit: '2.5' }, 'limit must be a whole number'],
    ] as const) {
      expect(await callAction(t.app, 'notifications', { token: m.token, query })).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        msg,
      });
    }
    expect(await callAction(t.app, 'notifications', {})).toMatchObject({ status: 401 });
    expect(await callAction(t.app, 'notifications', { method: 'POST', token: m.token, payload: {} })).toMatchObject({
      status: 405,
    });
  });
});

describe('readnotifications and the bell', () => {
  it('marks the given ids read (own ones only), then all; the bell count in userdata follows', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const other = await createMember(t, { countryId: c.kes, status: 'active' });
    await seed(m, 4);
    await seed(other, 1);
    const user = await callAction(t.app, 'userdata', { token: m.token });
    expect(user.data.notifications).toEqual({ unread: 4 });
    // Delivered as toasts is not read: the bell still counts them.
    expect(user.info).toHaveLength(4);
    expect((await callAction(t.app, 'userdata', { token: m.token })).data.notifications).toEqual({ unread: 4 });

    const list = (await callAction(t.app, 'notifications', { token: m.token })).data.items as { id: string }[];
    const otherId = (await callAction(t.app, 'notifications', { token: other.token })).data.items[0].id as string;
    const res = await callAction(t.app, 'readnotifications', {
      token: m.token,
      payload: { ids: [list[0]!.id, Number(list[1]!.id), otherId] },
    });
    expect(res).toMatchObject({ status: 200, data: { marked: 2, unread: 2 }, msg: '2 notifications marked as read' });
    const after = (await callAction(t.app, 'notifications', { token: m.token })).data;
    expect(after.unread).toBe(2);
    expect(after.items.map((n: { read: boolean }) => n.read)).toEqual([true, true, false, false]);
    expect((await callAction(t.app, 'notifications', { token: other.token })).data.unread).toBe(1);

    expect((await callAction(t.app, 'readnotifications', { token: m.token, payload: { ids: [list[0]!.id] } })).data).toEqual({
      marked: 0,
      unread: 2,
    });
    expect((await callAction(t.app, 'readnotifications', { token: m.token, payload: {} })).data).toEqual({
      marked: 2,
      unread: 0,
    });
    expect((await callAction(t.app, 'userdata', { token: m.token })).data.notifications).toEqual({ unread: 0 });
    expect((await callAction(t.app, 'readnotifications', { token: m.token, payload: { ids: [] } })).data).toEqual({
      marked: 0,
      unread: 0,
    });
  });

  it('a notification read on the page is not shown again as a toast', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await seed(m, 2);
    await callAction(t.app, 'readnotifications', { token: m.token, payload: {} });
    expect((await callAction(t.app, 'userdata', { token: m.token })).info).toEqual([]);
    const stamps = await t.sql<{ same: boolean }>(
      'SELECT read_at = delivered_at AND read_at IS NOT NULL AS same FROM member_notifications WHERE member_id = $1',
      [m.id.toString()],
    );
    expect(stamps.every((row) => row.same)).toBe(true);
  });

  it('caps the unread count at 100 (the bell shows 99+)', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await t.sql(
      `INSERT INTO member_notifications (member_id, msg, severity) SELECT $1, 'Bulk ' || g, 'info' FROM generate_series(1, 130) g`,
      [m.id.toString()],
    );
    expect((await callAction(t.app, 'userdata', { token: m.token })).data.notifications).toEqual({ unread: 100 });
    const page = await callAction(t.app, 'notifications', { token: m.token, query: { limit: '100' } });
    expect(page.data).toMatchObject({ pages: 2, unread: 100 });
    const ids = (page.data.items as { id: string }[]).slice(0, 50).map((n) => n.id);
    expect((await callAction(t.app, 'readnotifications', { token: m.token, payload: { ids } })).data).toEqual({
      marked: 50,
      unread: 80,
    });
  });

  it('refuses bad ids with 400', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    for (const ids of [['abc'], [-1], 'all', Array.from({ length: 101 }, (_, i) => String(i + 1))]) {
      expect(await callAction(t.app, 'readnotifications', { token: m.token, payload: { ids } })).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await callAction(t.app, 'readnotifications', { method: 'GET', token: m.token })).toMatchObject({ status: 405 });
  });
});
