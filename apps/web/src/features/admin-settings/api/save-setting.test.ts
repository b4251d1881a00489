import { AdminSettingRowSchema } from '@tuzo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-client';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { saveSetting } from './save-setting';

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
    });
    const requests = stubFetch(ok(row));
    expect(await saveSetting({ key: 'banner_text', value: 'Welcome' })).toEqual(row);
    expect(requests[0]).toMatchObject({
      url: '/api?action=adminsetting',
      method: 'POST',
      body: { key: 'banner_text', value: 'Welcome' },
    });
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
