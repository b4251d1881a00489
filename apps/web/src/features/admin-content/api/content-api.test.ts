import { AdminAdRowSchema, AdminTimetableRowSchema, AdminVideoRowSchema } from '@tuzo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-client';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { deleteTimetable, retireAd, saveVideo } from './content-writes';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Rows as the server answers them, checked against the contracts so the fixtures cannot drift from the wire. */
const VIDEO = AdminVideoRowSchema.parse({
  id: '7',
  task: 'youtube',
  source: 'youtube',
  title: 'Morning market',
  url: 'https://www.youtube.com/watch?v=abc',
  price: '5.50',
  active: true,
});
const AD = AdminAdRowSchema.parse({ id: '3', name: 'Shop', image_url: '/media/ads/shop.png', link: null, active: false });
const TIMETABLE = AdminTimetableRowSchema.parse({ id: 4, name: 'Forex live', dates: ['Monday'], sort_order: 0, active: true });

describe('content api helpers', () => {
  it('saveVideo posts the payload as built and answers the saved row with its message', async () => {
    const requests = stubFetch(ok(VIDEO, { msg: 'Video saved' }));
    const answer = await saveVideo({
      task: 'youtube',
      title: 'Morning market',
      url: 'https://www.youtube.com/watch?v=abc',
      price: '5.50',
      active: true,
    });
    expect(answer).toEqual({ msg: 'Video saved', data: VIDEO });
    expect(requests[0]).toMatchObject({ url: '/api?action=adminvideosave', method: 'POST' });
    expect(requests[0]?.body).toEqual({
      task: 'youtube',
      title: 'Morning market',
      url: 'https://www.youtube.com/watch?v=abc',
      price: '5.50',
      active: true,
    });
  });

  it('retireAd sends the id and the new state', async () => {
    const requests = stubFetch(ok(AD, { msg: 'Ad retired' }));
    expect(await retireAd({ id: '3', active: false })).toEqual({ msg: 'Ad retired', data: AD });
    expect(requests[0]).toMatchObject({ url: '/api?action=adminadretire', method: 'POST', body: { id: '3', active: false } });
  });

  it('deleteTimetable throws the refusal as an ApiError with its code', async () => {
    stubFetch(failed(404, 'NOT_FOUND', 'No timetable row 4'));
    const error = await deleteTimetable({ id: 4 }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isApiError(error, 'NOT_FOUND')).toBe(true);
    expect((error as Error).message).toBe('No timetable row 4');
  });

  it('deleteTimetable answers the deleted row', async () => {
    const requests = stubFetch(ok(TIMETABLE, { msg: 'Deleted' }));
    expect(await deleteTimetable({ id: 4 })).toEqual({ msg: 'Deleted', data: TIMETABLE });
    expect(requests[0]?.body).toEqual({ id: 4 });
  });
});
