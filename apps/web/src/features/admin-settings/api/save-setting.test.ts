import { AdminSettingRowSchema } from '@tuzo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-client';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { savedText, saveSetting } from './save-setting';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saveSetting', () => {
  it('saveSetting posts the key and its JSON value and answers the stored row', async () => {
    const row = AdminSettingRowSchema.parse({
      key: 'banner_text',
      description: 'The banner',
      value: 'Welcome',
      default: '',
      updated_at: '2026-11-25 10:00:00',
      is_four_eyes: false,
    });
    const requests = stubFetch(ok(row));
    expect(await saveSetting({ key: 'banner_text', value: 'Welcome' })).toEqual(row);
    expect(requests[0]).toMatchObject({
      url: '/api?action=adminsetting',
      method: 'POST',
      body: { key: 'banner_text', value: 'Welcome' },
    });
  });

  it('answers the request of a money-control setting (202), which the toast calls sent for approval', async () => {
    const request = {
      approval_id: '7',
      state: 'pending',
      kind: 'setting',
      amount_system: '0.00',
      threshold: '10000.00',
    } as const;
    const msg = 'Sent for approval: request #7 takes effect when a second operator approves it';
    stubFetch({ status: 202, json: { status: 202, resultcode: true, msg, data: request, info: [], code: null } });
    const result = await saveSetting({ key: 'four_eyes_threshold', value: '500000.00' });
    expect(result).toEqual(request);
    expect(savedText('Four-eyes threshold', result)).toBe(
      'Four-eyes threshold: sent for approval (request #7); it takes effect when a second operator approves it',
    );
  });

  it("throws the registry's refusal as an ApiError the form shows under the field", async () => {
    stubFetch(failed(400, 'VALIDATION_FAILED', 'banner_text: Too long'));
    const error = await saveSetting({ key: 'banner_text', value: 'x'.repeat(5000) }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isApiError(error, 'VALIDATION_FAILED')).toBe(true);
  });
});
